import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FREQUENCIES, FREQUENCY_NAMES, MAX_COURSE_SESSIONS, reminderTimeProblem, type Frequency } from '@moxa/core/courses/course-schedule';
import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { Page } from '../../../components/page.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { navigate } from '../../../lib/navigation.ts';
import { coursesKey, createCourse, usePlan, useReminderOptions } from '../api/courses.ts';
import { parseSchemeParam, suggestedFrequency, suggestedTime } from '../utils/course-text.ts';
import { WechatSubscribe } from './wechat-subscribe.tsx';
import { Link } from '../../../components/link.tsx';
import '../courses.css';

const TIMES = ['08:00', '09:00', '12:00', '18:00', '20:00'];
const SESSIONS = [7, 10, 14, 21];

/**
 * `/course_new?scheme=disease:<id>` or `scheme:<type>` (issue #31): set up a course (疗程) of a scheme —
 * how often, at what time, how many sessions — and, by choice, an SMS reminder on each day. Reached
 * from a condition's page and from the end of a guided session. A reminder, never a prescription.
 */
export function CourseNewScreen() {
  const [params] = useSearchParams();
  const scheme = parseSchemeParam(params.get('scheme'));
  const plan = usePlan(scheme?.kind ?? 'disease', scheme?.id ?? '');
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const consent = useConsentGate('moxa-log');
  const [frequency, setFrequency] = useState<Frequency | null>(null);
  const [chosenTime, setTime] = useState<string | null>(null);
  const [sessions, setSessions] = useState<number | null>(null);
  const [sms, setSms] = useState(false);
  // Issue #31: inside WeChat (html[data-wechat], set at boot), WeChat's subscribe button when the
  // server can send course reminders there for this account.
  const inWechat = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-wechat');
  const subscribeTemplate = useReminderOptions(inWechat).data?.courseSubscribeTemplate ?? null;
  const [wechat, setWechat] = useState(false);
  const acceptWechat = useCallback(() => setWechat(true), []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!scheme)
    return (
      <Page title="设置疗程">
        <section className="card">
          <p>请先选一个艾灸方法，再设置疗程。</p>
          <Link className="btn btn-primary btn-block" to="/disease_types">
            去看艾灸方法
          </Link>
        </section>
      </Page>
    );

  const p = plan.data;
  const freq = frequency ?? suggestedFrequency(p?.frequency ?? null);
  const count = sessions ?? p?.courseLength ?? 10;
  const time = chosenTime ?? suggestedTime(p?.frequency ?? null);
  const timeProblem = reminderTimeProblem(time);

  const save = async () => {
    if (timeProblem) return setError(timeProblem);
    setBusy(true);
    setError(null);
    try {
      const made = await consent.run(() =>
        createCourse({ scheme, frequency: freq, time, sessions: count, channel: wechat ? 'wechat' : sms ? 'sms' : 'none' }),
      );
      if (!made) return;
      await queryClient.invalidateQueries({ queryKey: coursesKey(user.id) });
      void showToast('疗程已设置', 'success');
      navigate(`/course/${made.id}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="设置疗程">
      <section className="card crs-head">
        <h2>{p ? p.title : plan.isError ? '没有找到这个调理方案' : '正在读取…'}</h2>
        {p?.frequency && <p className="muted">方案建议：{p.frequency}</p>}
        {p?.course && <p className="muted">{p.course}</p>}
      </section>

      <form
        className="card crs-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset>
          <legend>多久灸一次</legend>
          <div className="chips">
            {FREQUENCIES.map((f) => (
              <button
                key={f}
                type="button"
                className={`chip crs-choice${freq === f ? ' is-on' : ''}`}
                aria-pressed={freq === f}
                onClick={() => setFrequency(f)}
              >
                {FREQUENCY_NAMES[f]}
              </button>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>几点提醒（北京时间）</legend>
          <div className="chips">
            {TIMES.map((t) => (
              <button
                key={t}
                type="button"
                className={`chip crs-choice${time === t ? ' is-on' : ''}`}
                aria-pressed={time === t}
                onClick={() => setTime(t)}
              >
                {t}
              </button>
            ))}
          </div>
          <label className="crs-time">
            其他时间
            <input
              type="time"
              value={time}
              min="08:00"
              max="20:59"
              onChange={(e) => setTime(e.target.value)}
              aria-invalid={timeProblem !== null}
            />
          </label>
          {timeProblem && <p className="crs-error">{timeProblem}</p>}
        </fieldset>

        <fieldset>
          <legend>一共几次</legend>
          <div className="crs-stepper">
            <button
              type="button"
              className="btn"
              aria-label="少一次"
              disabled={count <= 1}
              onClick={() => setSessions(Math.max(1, count - 1))}
            >
              −
            </button>
            <output aria-live="polite">{count} 次</output>
            <button
              type="button"
              className="btn"
              aria-label="多一次"
              disabled={count >= MAX_COURSE_SESSIONS}
              onClick={() => setSessions(Math.min(MAX_COURSE_SESSIONS, count + 1))}
            >
              +
            </button>
          </div>
          <div className="chips">
            {SESSIONS.map((n) => (
              <button
                key={n}
                type="button"
                className={`chip crs-choice${count === n ? ' is-on' : ''}`}
                aria-pressed={count === n}
                onClick={() => setSessions(n)}
              >
                {n} 次
              </button>
            ))}
          </div>
        </fieldset>

        {subscribeTemplate && !wechat && <WechatSubscribe template={subscribeTemplate} onAccepted={acceptWechat} />}
        {wechat ? (
          <div className="crs-wechat-on" role="status">
            <p>✓ 已允许微信提醒：每个艾灸日到时间，在微信“服务通知”里提醒您（晚上 9 点到早上 8 点不发）。</p>
            <button type="button" className="btn btn-block" onClick={() => setWechat(false)}>
              改用短信提醒
            </button>
          </div>
        ) : (
          <label className="check-row">
            <input type="checkbox" checked={sms} onChange={(e) => setSms(e.target.checked)} />
            到时间发短信提醒我（每个艾灸日一条，晚上 9 点到早上 8 点不发）
          </label>
        )}

        <p className="crs-note">
          这是提醒，不是必须完成的任务。身体不适、发热、怀孕或月经期时，可以在疗程页随时暂停。{SAFETY_FACTS.fever.text}。
        </p>
        {error && (
          <p className="crs-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !p}>
          {busy ? '正在保存…' : '开始这个疗程'}
        </button>
      </form>
      {consent.sheet}
    </Page>
  );
}
