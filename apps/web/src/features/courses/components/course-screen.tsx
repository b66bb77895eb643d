import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, CoursePatch } from '@moxa/core/courses/course-contract';
import { FREQUENCY_NAMES, PAUSE_REASON_NAMES, PAUSE_REASONS, type PauseReason } from '@moxa/core/courses/course-schedule';
import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import { Page } from '../../../components/page.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { changeCourse, courseKey, coursesKey, useCourse } from '../api/courses.ts';
import { reminderTime, sessionPath, shortDate } from '../utils/course-text.ts';
import { Link } from '../../../components/link.tsx';
import '../courses.css';

const DAY_STATE: Record<CourseDetail['days'][number]['state'], string> = { done: '已灸', missed: '未灸', today: '今天', upcoming: '待灸' };
const STATUS: Record<CourseDetail['status'], string> = { active: '进行中', paused: '已暂停', ended: '已结束' };
/** What a pause for each reason should remember (the fever rule is the declared safety fact). */
const PAUSE_NOTE: Record<PauseReason, string> = {
  fever: `${SAFETY_FACTS.fever.text}。`,
  pregnancy: `${SAFETY_FACTS.pregnancy.text}。`,
  menstruation: '月经期间腹部和腰骶部的穴位先不灸，经期过后再继续。',
  other: '身体不适时先休息，好转后再继续。',
};

/**
 * `/course/:id` (issue #31): a course's plan against what was done (each due day 已灸 / 未灸 / 今天 /
 * 待灸, from the moxibustion log), the next reminder, and pause (with why), resume or end.
 */
export function CourseScreen() {
  const { id = '' } = useParams();
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const q = useCourse(id);
  const [pausing, setPausing] = useState<PauseReason | null | 'ask'>(null);
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState(false);
  const c = q.data;

  const change = async (patch: CoursePatch, done: string) => {
    setBusy(true);
    try {
      const next = await changeCourse(id, patch);
      queryClient.setQueryData(courseKey(user.id, id), next);
      void queryClient.invalidateQueries({ queryKey: coursesKey(user.id) });
      setPausing(null);
      setEnding(false);
      void showToast(done, 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(false);
    }
  };

  if (!c)
    return (
      <Page title="艾灸疗程">
        <p className="card muted">{q.isError ? errorMessage(q.error) : '正在读取…'}</p>
      </Page>
    );

  const left = c.sessions - c.days.filter((d) => d.state === 'done' || d.state === 'missed').length;
  return (
    <Page title="艾灸疗程">
      <section className="card crs-head">
        <div className="crs-title">
          <h2>{c.scheme.title}</h2>
          <span className={`tag crs-status-${c.status}`}>{STATUS[c.status]}</span>
        </div>
        <p>
          {FREQUENCY_NAMES[c.frequency]} {c.time}，共 {c.sessions} 次
          {c.channel === 'sms' ? '，短信提醒' : c.channel === 'wechat' ? '，微信提醒' : '，不发提醒'}
        </p>
        <p className="crs-progress">
          已灸 <b>{c.done}</b> 次 / 共 {c.sessions} 次
        </p>
        {c.status === 'active' && c.nextReminderAt && <p className="muted">下次提醒：{reminderTime(c.nextReminderAt)}</p>}
        {c.status === 'paused' && c.pauseReason && (
          <p className="crs-paused">
            因{PAUSE_REASON_NAMES[c.pauseReason]}暂停中，不会发提醒。{PAUSE_NOTE[c.pauseReason]}
          </p>
        )}
        {c.status === 'ended' && <p className="muted">这个疗程已结束。需要的话，可以从艾灸方法页再设置一个新疗程。</p>}
      </section>

      {c.status === 'active' && (
        <section className="card">
          <Link className="btn btn-primary btn-block" to={sessionPath(c.scheme)}>
            开始今天的艾灸
          </Link>
          <p className="muted small crs-hint">灸完保存记录，这里就会标记为“已灸”。没灸也没关系，身体不适时请暂停。</p>
        </section>
      )}

      <section className="card" aria-labelledby="crs-days">
        <h2 id="crs-days">每次的日期</h2>
        <ol className="crs-days">
          {c.days.map((d) => (
            <li key={d.date} className={`crs-day is-${d.state}`}>
              <span className="crs-day-n">第{d.n}次</span>
              <span className="crs-day-date">{shortDate(d.date)}</span>
              <span className="crs-day-state">{DAY_STATE[d.state]}</span>
            </li>
          ))}
        </ol>
        {c.status === 'paused' && left > 0 && <p className="muted small">还有 {left} 次，继续疗程后再排日期。</p>}
        {c.extra > 0 && <p className="muted small">另有 {c.extra} 次在计划外的日子灸过。</p>}
      </section>

      {c.status !== 'ended' && (
        <section className="card crs-actions">
          {c.status === 'active' && pausing === null && (
            <button type="button" className="btn btn-block" onClick={() => setPausing('ask')}>
              暂停疗程
            </button>
          )}
          {c.status === 'active' && pausing !== null && (
            <fieldset>
              <legend>为什么暂停？</legend>
              <div className="chips">
                {PAUSE_REASONS.map((r) => (
                  <button
                    key={r}
                    type="button"
                    className={`chip crs-choice${pausing === r ? ' is-on' : ''}`}
                    aria-pressed={pausing === r}
                    onClick={() => setPausing(r)}
                  >
                    {PAUSE_REASON_NAMES[r]}
                  </button>
                ))}
              </div>
              {pausing !== 'ask' && <p className="crs-note">{PAUSE_NOTE[pausing]}</p>}
              <div className="crs-row">
                <button type="button" className="btn" onClick={() => setPausing(null)}>
                  取消
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy || pausing === 'ask'}
                  onClick={() => pausing !== 'ask' && void change({ status: 'paused', pauseReason: pausing }, '已暂停，不会再发提醒')}
                >
                  确认暂停
                </button>
              </div>
            </fieldset>
          )}
          {c.status === 'paused' && (
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={busy}
              onClick={() => void change({ status: 'active' }, '疗程继续')}
            >
              身体好了，继续疗程
            </button>
          )}
          {!ending ? (
            <button type="button" className="btn btn-plain btn-block" onClick={() => setEnding(true)}>
              结束疗程
            </button>
          ) : (
            <div className="crs-row">
              <button type="button" className="btn" onClick={() => setEnding(false)}>
                再想想
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => void change({ status: 'ended' }, '疗程已结束')}
              >
                确认结束
              </button>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
