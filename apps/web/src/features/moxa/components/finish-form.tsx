import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactionId } from '@moxa/core/moxa/moxa-rules';
import { FEELINGS, REACTIONS } from '@moxa/core/moxa/moxa-rules';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { showAlert, showToast } from '../../../lib/feedback.ts';
import { getLoginInfo } from '../../../lib/login-info.ts';
import { saveSession } from '../api/sessions.ts';
import { useStartAtTop } from '../hooks/use-start-at-top.ts';
import { moxaStore } from '../utils/moxa-storage.ts';
import { toInput, type ActiveSession } from '../utils/session-clock.ts';
import { Link } from '../../../components/link.tsx';

/**
 * The end of a session (issue #18): how it felt (1–5), any reaction with what to do about it, notes.
 * Logged in it goes to the account (with the separate consent, issue #27 item 15); if that fails it
 * waits on the device and is sent later, and without the consent it waits on the device until given;
 * logged out it stays in the device's log. Nothing typed is lost on a failure.
 */
export function FinishForm({ session, onSaved }: { session: ActiveSession; onSaved: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [feeling, setFeeling] = useState<number | null>(null);
  const [reactions, setReactions] = useState<ReactionId[]>([]);
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const consent = useConsentGate('moxa-log');
  const done = session.results.filter((r) => !r.skipped);
  const minutes = Math.round(session.results.reduce((n, r) => n + r.doneSeconds, 0) / 60);
  const early = session.endedEarlyAt !== null;
  const { kind, id } = session.plan.source;
  const courseScheme = (kind === 'disease' || kind === 'scheme') && id ? `${kind}:${id}` : null;
  const heading = useStartAtTop<HTMLHeadingElement>('finish');
  const toggle = (id: ReactionId) => setReactions((rs) => (rs.includes(id) ? rs.filter((r) => r !== id) : [...rs, id]));

  const save = async () => {
    const store = moxaStore();
    const input = toInput(session, Date.now(), { feeling, notes, reactions });
    const info = getLoginInfo();
    setSaving(true);
    try {
      if (info?.token) {
        // Issue #27 item 15: to the account only with the separate consent; 暂不保存 keeps it on the phone.
        const sent = await consent.run(() => saveSession(input)).catch(() => undefined);
        if (sent) {
          void queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
          void showToast('已记录到您的账号', 'success');
        } else {
          if (!store.addPending(info.user.id, input)) throw new Error('storage');
          if (sent === null) void showToast('记录已保存在这台手机上', 'success');
          else void showToast('网络不给力，记录已先存在本机，稍后自动同步');
        }
      } else {
        if (!store.addToDeviceLog(input)) throw new Error('storage');
        void showToast('已记录在本机', 'success');
      }
      onSaved();
      void navigate('/moxa_log', { replace: true });
    } catch {
      setSaving(false);
      await showAlert('没有保存成功', '手机存储空间可能不足。您填写的内容还在，请清理空间后再点保存。');
    }
  };

  return (
    <>
      <section className="card mx-intro" aria-labelledby="mx-done-title">
        <h2 id="mx-done-title" ref={heading} tabIndex={-1}>
          {early ? '本次艾灸提前结束' : '本次艾灸完成'}
        </h2>
        <p>
          {session.plan.title}：灸了 {done.length} 个穴位，共约 {minutes} 分钟
          {done.length < session.results.length ? `，跳过 ${session.results.length - done.length} 个` : ''}。
          {early ? '记录会标明“提前结束”。' : ''}
        </p>
        <p className="muted small">灸后喝一杯温水，半小时内不要洗澡、吹冷风。</p>
      </section>
      <section className="card mx-form" aria-labelledby="mx-feel-title">
        <h3 id="mx-feel-title">感觉怎么样？</h3>
        <div className="mx-feelings" role="radiogroup" aria-labelledby="mx-feel-title">
          {FEELINGS.map((label, i) => (
            <button
              key={label}
              type="button"
              role="radio"
              aria-checked={feeling === i + 1}
              aria-label={`${i + 1} ${label}`}
              className="mx-feeling"
              onClick={() => setFeeling(i + 1)}
            >
              <b>{i + 1}</b>
              <FeelingLabel text={label} />
            </button>
          ))}
        </div>
        <h3 id="mx-react-title">有没有以下反应？（可多选）</h3>
        <div className="mx-reactions" role="group" aria-labelledby="mx-react-title">
          {REACTIONS.map((r) => (
            <button
              key={r.id}
              type="button"
              className="chip mx-reaction"
              aria-pressed={reactions.includes(r.id)}
              onClick={() => toggle(r.id)}
            >
              {r.label}
            </button>
          ))}
        </div>
        {REACTIONS.filter((r) => reactions.includes(r.id)).map((r) => (
          <div key={r.id} className={r.id === 'dizzy' || r.id === 'burn' || r.id === 'blister' ? 'mx-warn' : 'mx-caution'} role="note">
            <b>{r.label}</b>
            <p>{r.advice}</p>
            <Link to={`/notice_detail/${r.notice}`}>查看详细说明</Link>
          </div>
        ))}
        <label className="mx-notes">
          <span>备注（选填）</span>
          <textarea
            value={notes}
            maxLength={500}
            rows={3}
            placeholder="例如：灸后手脚暖和，睡得比较早"
            onChange={(e) => setNotes(e.target.value)}
          />
        </label>
      </section>
      <button type="button" className="btn btn-primary btn-block mx-start" disabled={saving} onClick={() => void save()}>
        {saving ? '正在保存…' : '保存记录'}
      </button>
      {/* Issue #31: a course (疗程) of this scheme with reminders, set up from where the session ends. */}
      {courseScheme && (
        <Link className="btn btn-plain btn-block mx-course-link" to={`/course_new?scheme=${encodeURIComponent(courseScheme)}`}>
          设置疗程提醒
        </Link>
      )}
      {consent.sheet}
    </>
  );
}

/**
 * A rating's words break only between their halves (issue #32 item 6): in five columns at 375 px a
 * four-character label wraps, and left to itself wraps as 很不舒 / 服; 很不 / 舒服 reads right.
 */
function FeelingLabel({ text }: { text: string }) {
  const halves = Array.from(text).length === 4 ? [text.slice(0, 2), text.slice(2)] : [text];
  return (
    <span className="mx-feeling-label">
      {halves.map((h) => (
        <span key={h}>{h}</span>
      ))}
    </span>
  );
}
