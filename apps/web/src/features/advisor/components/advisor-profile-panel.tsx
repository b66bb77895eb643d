import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdvisorProfile } from '@moxa/core/advisors/advisor-profile-contract';
import {
  ADVISOR_INTRO_MAX,
  ADVISOR_TITLE_MAX,
  PROFILE_STATUS_NAMES,
  advisorNameProblem,
  introProblem,
  normalizeAdvisorName,
  normalizeIntro,
  normalizeTitle,
  titleProblem,
} from '@moxa/core/advisors/advisor-profile-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { profileKey, putDuty, putProfile, useAdvisorProfile } from '../api/profile.ts';

type Draft = { name: string; title: string; introduction: string };
type Problems = Partial<Record<keyof Draft, string>>;

/** The form's problems with the same rules (and messages) as the server (core advisor-profile-rules). */
function problemsOf(d: Draft): Problems {
  const out: Problems = {};
  const name = advisorNameProblem(normalizeAdvisorName(d.name));
  const title = titleProblem(normalizeTitle(d.title));
  const intro = introProblem(normalizeIntro(d.introduction));
  if (name) out.name = name;
  if (title) out.title = title;
  if (intro) out.introduction = intro;
  return out;
}

/**
 * Issue #30, on 咨询队列: the advisor's 在岗 switch (set at once: advisors on duty get the new-case
 * notices; when nobody is on duty, every advisor does) and their profile — what users see in a thread
 * (name, title, introduction), edited here and shown to users once a reviewer approves it.
 */
export function AdvisorProfilePanel() {
  const q = useAdvisorProfile();
  if (!q.data) return null;
  return <Panel profile={q.data} />;
}

function Panel({ profile }: { profile: AdvisorProfile }) {
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = profile.pending ?? profile.approved;
  const save = (next: AdvisorProfile) => queryClient.setQueryData(profileKey(user.id), next);

  const toggleDuty = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await putDuty(!profile.onDuty);
      save(next);
      void showToast(next.onDuty ? '已设为在岗' : '已设为不在岗', 'success');
    } catch (e) {
      setError(`没有设置成功：${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card adv-profile" aria-labelledby="adv-profile-heading">
      <h2 id="adv-profile-heading" className="adv-profile-title">
        我的顾问资料
      </h2>
      <button
        type="button"
        role="switch"
        aria-checked={profile.onDuty}
        className="adv-switch"
        disabled={busy}
        onClick={() => void toggleDuty()}
      >
        <span className="adv-switch-text">
          <b>在岗</b>
          <small>{profile.onDuty ? '新咨询会提醒您' : '不在岗时，只有没有顾问在岗才提醒您'}</small>
        </span>
        <span className="adv-switch-track" aria-hidden="true">
          <span className="adv-switch-knob" />
        </span>
      </button>
      {error && (
        <p className="adv-error" role="alert">
          {error}
        </p>
      )}
      <p className="adv-profile-status">
        <span className={`adv-status adv-profile-${profile.status}`}>{PROFILE_STATUS_NAMES[profile.status]}</span>
        {profile.status === 'pending' && <span className="muted"> 审核通过后，用户会在咨询里看到新资料</span>}
        {profile.status === 'none' && <span className="muted"> 用户现在看到的是“顾问+昵称”</span>}
      </p>
      {profile.status === 'rejected' && profile.comment && <p className="adv-profile-comment">退回原因：{profile.comment}</p>}
      {shown && !editing && (
        <dl className="kv adv-kv adv-profile-fields">
          <div>
            <dt>名称</dt>
            <dd>{shown.name}</dd>
          </div>
          <div>
            <dt>头衔</dt>
            <dd>{shown.title}</dd>
          </div>
          {shown.introduction && (
            <div className="adv-profile-intro">
              <dt>简介</dt>
              <dd>{shown.introduction}</dd>
            </div>
          )}
        </dl>
      )}
      {editing ? (
        <ProfileForm
          profile={profile}
          onDone={(next) => {
            if (next) save(next);
            setEditing(false);
          }}
        />
      ) : (
        <button type="button" className="btn btn-block" onClick={() => setEditing(true)}>
          {shown ? '修改资料' : '填写资料'}
        </button>
      )}
    </section>
  );
}

function ProfileForm({ profile, onDone }: { profile: AdvisorProfile; onDone: (next: AdvisorProfile | null) => void }) {
  const start = profile.pending ?? profile.approved;
  const [draft, setDraft] = useState<Draft>({
    name: start?.name ?? '',
    title: start?.title ?? '',
    introduction: start?.introduction ?? '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  const submit = async () => {
    if (busy) return;
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      // The photo is chosen from the media library in the console; the H5 keeps the one on file.
      const next = await putProfile({ ...draft, photo: start?.photo ?? null });
      void showToast('已提交审核', 'success');
      onDone(next);
    } catch (e) {
      // What was typed stays for another try.
      setError(`没有提交成功：${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof Draft, label: string, input: ReactNode, counter?: string) => (
    <div className="adv-profile-field">
      <div className="adv-label-row">
        <label className="adv-label" htmlFor={`adv-profile-${key}`}>
          {label}
        </label>
        {counter && (
          <span className="adv-counter" aria-hidden="true">
            {counter}
          </span>
        )}
      </div>
      {input}
      {problems[key] && (
        <p className="adv-error" id={`adv-profile-${key}-error`} role="alert">
          {problems[key]}
        </p>
      )}
    </div>
  );
  const aria = (key: keyof Draft) => ({
    id: `adv-profile-${key}`,
    'aria-invalid': Boolean(problems[key]),
    'aria-describedby': problems[key] ? `adv-profile-${key}-error` : undefined,
    disabled: busy,
  });

  return (
    <form
      className="adv-profile-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="adv-hint">用户会在咨询回复里看到您的名称、头衔和简介。请不要写手机号、微信号等联系方式。</p>
      {field(
        'name',
        '名称',
        <input className="adv-input" {...aria('name')} value={draft.name} onChange={set('name')} placeholder="如：李静" />,
      )}
      {field(
        'title',
        '头衔',
        <input className="adv-input" {...aria('title')} value={draft.title} onChange={set('title')} placeholder="如：艾灸调理顾问" />,
        `${[...draft.title.trim()].length}/${ADVISOR_TITLE_MAX}`,
      )}
      {field(
        'introduction',
        '简介',
        <textarea
          className="adv-input adv-textarea"
          rows={3}
          {...aria('introduction')}
          value={draft.introduction}
          onChange={set('introduction')}
          placeholder="一两句话介绍您的经验和擅长的调理"
        />,
        `${[...draft.introduction.trim()].length}/${ADVISOR_INTRO_MAX}`,
      )}
      {error && (
        <p className="adv-error" role="alert">
          {error}
        </p>
      )}
      <div className="adv-profile-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => onDone(null)}>
          取消
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          提交审核
        </button>
      </div>
    </form>
  );
}
