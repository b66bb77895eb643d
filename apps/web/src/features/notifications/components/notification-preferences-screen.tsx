import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FREQUENCY_NAMES } from '@moxa/core/courses/course-schedule';
import type { NotificationPreferencesInput } from '@moxa/core/notifications/notification-contract';
import { Page } from '../../../components/page.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { preferencesKey, savePreferences, usePreferences } from '../api/preferences.ts';
import { useMyCourses } from '../api/my-courses.ts';
import { Link } from '../../../components/link.tsx';
import '../notifications.css';

const STATUS: Record<string, string> = { active: '进行中', paused: '已暂停', ended: '已结束' };
type Key = keyof NotificationPreferencesInput;
const ROWS: { key: Key; title: string; hint: string }[] = [
  { key: 'caseReplies', title: '咨询回复提醒', hint: '顾问回复后提醒您，点链接直接打开咨询' },
  { key: 'courseReminders', title: '艾灸疗程提醒', hint: '按您设定的时间，提醒当天的艾灸' },
  { key: 'sms', title: '短信', hint: '发到您登录用的手机号' },
  { key: 'wechat', title: '微信消息', hint: '需要先绑定微信' },
];

/**
 * `/mine/notifications` 消息提醒 (issue #31): which notices, by which channel; quiet hours are fixed
 * (nothing from 21:00 to 08:00, China time). Each switch saves at once; a refused save puts it back.
 * Below, the person's courses (疗程) with their reminders.
 */
export function NotificationPreferencesScreen() {
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const prefs = usePreferences();
  const courses = useMyCourses();
  const [busy, setBusy] = useState<Key | null>(null);
  const p = prefs.data;

  const toggle = async (key: Key, value: boolean) => {
    if (!p) return;
    const next = { caseReplies: p.caseReplies, courseReminders: p.courseReminders, sms: p.sms, wechat: p.wechat, [key]: value };
    setBusy(key);
    try {
      const saved = await savePreferences(next);
      queryClient.setQueryData(preferencesKey(user.id), saved);
      void showToast(value ? '已打开' : '已关闭', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page title="消息提醒">
      <section className="card" aria-labelledby="ntf-which">
        <h2 id="ntf-which">接收哪些提醒</h2>
        {!p && <p className="muted">{prefs.isError ? errorMessage(prefs.error) : '正在读取…'}</p>}
        {p &&
          ROWS.map((r) => {
            const disabled = busy !== null || (r.key === 'wechat' && !p.wechatAvailable);
            return (
              <label key={r.key} className="ntf-row">
                <span className="ntf-row-text">
                  {r.title}
                  <small>{r.key === 'wechat' && !p.wechatAvailable ? '在微信里登录并绑定后可用' : r.hint}</small>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="ntf-switch"
                  checked={r.key === 'wechat' ? p.wechat && p.wechatAvailable : p[r.key]}
                  disabled={disabled}
                  aria-label={r.title}
                  onChange={(e) => void toggle(r.key, e.target.checked)}
                />
              </label>
            );
          })}
      </section>

      <section className="card" aria-labelledby="ntf-quiet">
        <h2 id="ntf-quiet">夜间不打扰</h2>
        <p className="ntf-quiet">
          每天 {p?.quietHours.start ?? '21:00'} 到第二天 {p?.quietHours.end ?? '08:00'}
          （北京时间）不发短信和微信消息，这段时间的提醒会在早上 8 点后再发。
        </p>
      </section>

      <section className="card" aria-labelledby="ntf-courses">
        <h2 id="ntf-courses">我的艾灸疗程</h2>
        {courses.data && courses.data.length === 0 && (
          <p className="muted">还没有疗程。在病症的艾灸方法页，或做完一次跟着灸后，可以设置疗程提醒。</p>
        )}
        {courses.data?.map((c) => (
          <Link key={c.id} to={`/course/${c.id}`} className="ntf-row" style={{ color: 'inherit', textDecoration: 'none' }}>
            <span className="ntf-row-text">
              {c.scheme.title}
              <small>
                {FREQUENCY_NAMES[c.frequency]} {c.time}，共 {c.sessions} 次，已灸 {c.done} 次
              </small>
            </span>
            <span className="tag">{STATUS[c.status]}</span>
          </Link>
        ))}
      </section>
    </Page>
  );
}
