import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdvisorCaseDetail } from '@moxa/core/cases/case-contract';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { advisorCaseKey, advisorKey, postReply } from '../api/queries.ts';
import {
  addPick,
  advisesDoctor,
  buildReplyBody,
  MAX_REPLY,
  NO_PICKS,
  pickCount,
  PICK_KINDS,
  picksAfterSent,
  removePick,
  replyError,
  type Picks,
} from '../utils/reply.ts';
import { PickSearch } from './pick-search.tsx';

/** What the advisor is writing; held by the screen, so a failed refresh or send never loses it. */
export type ReplyDraft = { text: string; internal: boolean; picks: Picks };
export const EMPTY_DRAFT: ReplyDraft = { text: '', internal: false, picks: NO_PICKS };

export const GUIDELINE = '回复为调理和产品建议，不做诊断；涉及急症或需要就医的情况，请明确建议用户及时就医。';

/**
 * The reply box (issue #17): the text, a 内部备注 switch (a note only advisors see), and the
 * recommendations to attach. Sends POST /api/v8/advisor/cases/{id}/replies; on failure everything
 * typed and picked stays, on success it is cleared.
 */
export function ReplyBox({ c, draft, setDraft }: { c: AdvisorCaseDetail; draft: ReplyDraft; setDraft: (d: ReplyDraft) => void }) {
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { text, internal, picks } = draft;
  const count = text.trim().length;
  const picked = pickCount(picks);

  const send = async () => {
    if (busy) return;
    const problem = replyError(text);
    setError(problem);
    setSendError(null);
    if (problem) {
      document.getElementById('adv-reply-text')?.focus();
      return;
    }
    if (!internal && c.redFlag && !advisesDoctor(text)) {
      const go = await showConfirm(
        '还没有建议就医',
        '这条咨询提到了需要就医的症状，回复里还没有建议用户及时就医。确定照原样发送吗？',
        '照原样发送',
        '回去修改',
      );
      if (!go) return;
    }
    setBusy(true);
    try {
      const next = await postReply(c.id, buildReplyBody(text, internal, picks));
      queryClient.setQueryData(advisorCaseKey(user.id, c.id), next);
      void queryClient.invalidateQueries({ queryKey: [...advisorKey(user.id), 'queue'] });
      setDraft({ text: '', internal, picks: picksAfterSent(picks, internal) });
      void showToast(internal ? '内部备注已保存' : '回复已发送', 'success');
    } catch (e) {
      // What was typed and picked stays for another try.
      setSendError(errorMessage(e));
      if (e instanceof ApiError && e.status === 409) void queryClient.invalidateQueries({ queryKey: advisorCaseKey(user.id, c.id) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`card adv-reply${internal ? ' is-internal' : ''}`} aria-labelledby="adv-reply-title">
      <h2 id="adv-reply-title">{internal ? '写内部备注' : '回复用户'}</h2>
      <p className="adv-guideline">{GUIDELINE}</p>
      {c.redFlag && !internal && <p className="adv-redflag-line">这条咨询提到了需要就医的症状：请在回复里明确建议用户及时就医。</p>}

      <button
        type="button"
        role="switch"
        aria-checked={internal}
        className="adv-switch"
        disabled={busy}
        onClick={() => setDraft({ ...draft, internal: !internal })}
      >
        <span className="adv-switch-text">
          <b>内部备注</b>
          <small>{internal ? '只有顾问能看到，用户看不到' : '关闭时，用户会看到这条回复'}</small>
        </span>
        <span className="adv-switch-track" aria-hidden="true">
          <span className="adv-switch-knob" />
        </span>
      </button>

      <div className="adv-label-row">
        <label className="adv-label" htmlFor="adv-reply-text">
          {internal ? '备注内容' : '回复内容'}
        </label>
        <span className={`adv-counter${count > MAX_REPLY ? ' is-over' : ''}`} aria-hidden="true">
          {count}/{MAX_REPLY}
        </span>
      </div>
      <textarea
        id="adv-reply-text"
        className="adv-input adv-textarea"
        rows={5}
        placeholder={internal ? '给其他顾问看的备注，用户看不到' : '写给用户的调理建议，如灸哪些穴位、每次多久、注意什么'}
        value={text}
        disabled={busy}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'adv-reply-error' : undefined}
        onChange={(e) => {
          setDraft({ ...draft, text: e.target.value });
          if (error) setError(null);
        }}
      />
      {error && (
        <p className="adv-error" id="adv-reply-error" role="alert">
          {error}
        </p>
      )}

      {internal ? (
        picked > 0 && <p className="adv-hint">内部备注不附带推荐；已选的 {picked} 项推荐会留到下次回复用户时发送。</p>
      ) : (
        <div className="adv-pickers">
          <p className="adv-hint">可以附上推荐，用户点开就能看到详情（每类最多 10 个）。</p>
          {PICK_KINDS.map((kind) => (
            <PickSearch
              key={kind}
              kind={kind}
              picked={picks[kind]}
              disabled={busy}
              onAdd={(item) => setDraft({ ...draft, picks: addPick(picks, kind, item) })}
              onRemove={(id) => setDraft({ ...draft, picks: removePick(picks, kind, id) })}
            />
          ))}
        </div>
      )}

      {!internal && c.request.notifySms && <p className="adv-hint">用户希望有回复时收到短信，发送后会通知用户（每小时最多一条）。</p>}
      {sendError && (
        <p className="adv-error" role="alert">
          没有发送成功：{sendError}。内容已保留，可以再试一次。
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void send()}>
        {busy ? '正在发送…' : internal ? '保存内部备注' : picked > 0 ? `发送回复（附 ${picked} 项推荐）` : '发送回复'}
      </button>
    </section>
  );
}
