import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CaseDetail, CaseMessage } from '@moxa/core/cases/case-contract';
import { CASE_STATUS_NAMES, CONTACT_TIME_LABELS, DURATION_LABELS, hasRedFlag } from '@moxa/core/cases/case-names';
import { CONSTITUTION_NAMES, isConstitutionType } from '@moxa/core/physical/constitution';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { SectionCard } from '../../../components/content-list.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CONSULTATION_ROUTE } from '../api/paths.ts';
import { caseKey, caseListKey, closeCase, deleteCase, postFollowUp, useCase } from '../api/queries.ts';
import { formatCaseTime, formatDay } from '../utils/format.ts';
import { followUpError, MAX_FOLLOW_UP } from '../utils/validation.ts';
import { CASE_DISCLAIMER, CASE_STATUSES, RedFlagNotice, StatusTag } from './case-bits.tsx';
import { PrivatePhotos } from '../../../components/private-photos.tsx';
import '../cases.css';
import { RecommendationLinks } from '../../../components/recommendation-links.tsx';
import { Link } from '../../../components/link.tsx';

const CASE_ID = /^[0-9a-f-]{36}$/;

/**
 * `/case/caseDetails/{caseId}` (issue #17, title 咨询详情): where the case stands, the request as
 * sent, the advisor's replies with what they recommend, a box to add to it, and ending or deleting
 * it. Only the owner can open it (the server answers 404 to anyone else, as for a deleted case).
 */
export function CaseDetailScreen() {
  const { caseId = '' } = useParams();
  const navigate = useNavigate();
  useDocumentTitle('咨询详情');
  const valid = CASE_ID.test(caseId);
  const q = useCase(valid ? caseId : '');
  const notFound = {
    title: '没有找到这条咨询',
    description: '这条咨询可能已经删除了。如需帮助，可以再新建一条咨询。',
    actions: [{ text: '去在线咨询', primary: true, onClick: () => void navigate(CONSULTATION_ROUTE) }],
  };
  return (
    <Page title="咨询详情">
      {valid ? (
        <QueryState query={q} skeleton={<CardSkeleton cards={3} />} errorTitle="咨询没有加载出来" notFound={notFound}>
          {(c) => <Detail c={c} />}
        </QueryState>
      ) : (
        <StatusView kind="empty" {...notFound} />
      )}
    </Page>
  );
}

function Detail({ c }: { c: CaseDetail }) {
  const closed = c.status === 'closed';
  return (
    <article className="case-detail">
      <StatusCard c={c} />
      {c.redFlag && <RedFlagNotice />}
      <RequestCard c={c} />
      <h2 className="section-title">顾问回复</h2>
      <Thread c={c} />
      {closed ? (
        <div className="card case-closed-note">
          <p>这条咨询已结束，不能再补充。如需继续咨询，请新建一条。</p>
          <Link className="btn btn-block" to={CONSULTATION_ROUTE}>
            新建咨询
          </Link>
        </div>
      ) : (
        <FollowUp c={c} />
      )}
      <CaseActions c={c} />
      <Disclaimer>{CASE_DISCLAIMER}</Disclaimer>
    </article>
  );
}

const STATUS_LINES: Record<CaseDetail['status'], string> = {
  submitted: '已收到您的咨询，顾问会尽快查看并回复。',
  processing: '顾问正在处理您的咨询。',
  replied: '顾问已回复，请看下方的回复。',
  closed: '这条咨询已结束，内容仍可查看。',
};

function StatusCard({ c }: { c: CaseDetail }) {
  // The last time each status was reached (a follow-up brings a replied case back to 处理中).
  const reached = new Map(c.history.map((h) => [h.status, h.at]));
  return (
    <section className="card case-status-card" aria-label="咨询状态">
      <div className="case-status-head">
        <StatusTag status={c.status} large />
        <p>
          {STATUS_LINES[c.status]}
          {c.request.notifySms && c.status !== 'closed' ? '有回复时会发短信通知您。' : ''}
        </p>
      </div>
      <ol className="case-steps">
        {CASE_STATUSES.map((s) => {
          const at = reached.get(s);
          return (
            <li key={s} className={`${at !== undefined ? 'is-done' : ''}${s === c.status ? ' is-current' : ''}`}>
              <span className="case-step-dot" aria-hidden="true" />
              <span className="case-step-name">{CASE_STATUS_NAMES[s]}</span>
              <span className="case-step-time">{at !== undefined ? formatCaseTime(at) : '—'}</span>
              {s === c.status && <span className="visually-hidden">（当前）</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RequestCard({ c }: { c: CaseDetail }) {
  const r = c.request;
  const record = r.physicalRecord;
  return (
    <SectionCard title="我的咨询内容">
      <p className="case-sent-at muted small">提交于 {formatCaseTime(c.createdAt)}</p>
      <dl className="kv case-kv">
        <div>
          <dt>性别</dt>
          <dd>{r.gender === 'female' ? '女' : '男'}</dd>
        </div>
        <div>
          <dt>年龄</dt>
          <dd>{r.age} 岁</dd>
        </div>
        {r.disease && (
          <div>
            <dt>调理项目</dt>
            <dd>
              <Link className="case-link" to={`/disease_detail/${encodeURIComponent(r.disease.id)}`}>
                {r.disease.name}
              </Link>
            </dd>
          </div>
        )}
        <div>
          <dt>持续多久</dt>
          <dd>{DURATION_LABELS[r.duration]}</dd>
        </div>
        <div>
          <dt>是否看过医生</dt>
          <dd>{r.seenDoctor ? '看过' : '没看过'}</dd>
        </div>
        {record && (
          <div>
            <dt>体质测试结果</dt>
            <dd>
              <Link className="case-link" to={`/physical/detail?id=${encodeURIComponent(record.id)}`}>
                {isConstitutionType(record.primaryType) ? CONSTITUTION_NAMES[record.primaryType] : '暂未判定体质'}（
                {formatDay(record.createdAt)}）
              </Link>
            </dd>
          </div>
        )}
        <div>
          <dt>方便联系的时间</dt>
          <dd>{CONTACT_TIME_LABELS[r.contactTime]}</dd>
        </div>
        <div>
          <dt>短信通知</dt>
          <dd>{r.notifySms ? '有回复时通知' : '不通知'}</dd>
        </div>
      </dl>
      <h3 className="case-sub">想咨询的问题</h3>
      <p className="case-body">{r.complaint}</p>
      <h3 className="case-sub">症状和不适</h3>
      <p className="case-body">{r.symptoms}</p>
      {c.photos.length > 0 && (
        <>
          <h3 className="case-sub">照片（{c.photos.length} 张，点按看大图）</h3>
          <PrivatePhotos photos={c.photos} />
        </>
      )}
    </SectionCard>
  );
}

function Thread({ c }: { c: CaseDetail }) {
  const messages = c.messages.filter((m) => !m.internal);
  if (messages.length === 0)
    return (
      <div className="card case-waiting">
        <p>顾问还没有回复。顾问看到后会在这里回复您{c.request.notifySms ? '，并发短信通知' : ''}。</p>
      </div>
    );
  // Issue #30: who the answering advisors are, once each, with their introduction.
  const advisors = [...new Map(messages.flatMap((m) => (m.advisor?.introduction ? [[m.advisor.name, m.advisor] as const] : []))).values()];
  return (
    <>
      {advisors.map((a) => (
        <p key={a.name} className="case-advisor-intro">
          <b>
            {a.name} · {a.title}
          </b>
          {a.introduction}
        </p>
      ))}
      <ol className="case-thread" aria-label="对话">
        {messages.map((m) => (
          <MessageItem key={m.id} m={m} />
        ))}
      </ol>
    </>
  );
}

/**
 * Issue #30: who answered — the advisor's approved profile (photo, or a neutral avatar with the name's
 * first character; name and title), or the name the reply was signed with. Never a phone number.
 */
function AdvisorSignature({ m }: { m: CaseMessage }) {
  const p = m.advisor;
  const name = p?.name ?? m.authorName ?? '顾问';
  return (
    <span className="case-signer">
      {p?.photoUrl ? (
        <img className="case-avatar" src={p.photoUrl} alt="" width={40} height={40} />
      ) : (
        <span className="case-avatar case-avatar-neutral" aria-hidden="true">
          {p ? [...name][0] : '顾'}
        </span>
      )}
      <span className="case-signer-text">
        <b>{name}</b>
        {p && <span className="case-signer-title">{p.title}</span>}
      </span>
    </span>
  );
}

function MessageItem({ m }: { m: CaseMessage }) {
  const advisor = m.author === 'advisor';
  return (
    <li className={`case-msg ${advisor ? 'case-msg-advisor' : 'case-msg-user'}`}>
      <div className="case-msg-head">
        {advisor ? <AdvisorSignature m={m} /> : <b>我的补充</b>}
        <time dateTime={new Date(m.createdAt).toISOString()}>{formatCaseTime(m.createdAt)}</time>
      </div>
      <p className="case-body">{m.body}</p>
      {m.recommendation && <RecommendationLinks r={m.recommendation} />}
    </li>
  );
}

function FollowUp({ c }: { c: CaseDetail }) {
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (busy) return;
    const problem = followUpError(text);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const next = await postFollowUp(c.id, text.trim());
      queryClient.setQueryData(caseKey(user.id, c.id), next);
      void queryClient.invalidateQueries({ queryKey: caseListKey(user.id) });
      setText('');
      void showToast('已发送', 'success');
    } catch (e) {
      // The typed text stays for another try.
      setError(`没有发送成功：${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const count = text.trim().length;
  return (
    <section className="card case-followup" aria-labelledby="case-followup-title">
      <div className="case-label-row">
        <label id="case-followup-title" className="case-label" htmlFor="case-followup">
          补充说明
        </label>
        <span className={`case-counter${count > MAX_FOLLOW_UP ? ' is-over' : ''}`} aria-hidden="true">
          {count}/{MAX_FOLLOW_UP}
        </span>
      </div>
      <textarea
        id="case-followup"
        className="case-input case-textarea"
        rows={3}
        placeholder="还有什么想补充或想问的，写在这里"
        value={text}
        disabled={busy}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'case-followup-error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
      />
      {hasRedFlag(text) && <RedFlagNotice />}
      {error && (
        <p className="case-error" id="case-followup-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void send()}>
        {busy ? '正在发送…' : '发送补充'}
      </button>
    </section>
  );
}

function CaseActions({ c }: { c: CaseDetail }) {
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'close' | 'delete' | null>(null);
  const close = async () => {
    if (busy) return;
    const ok = await showConfirm('结束这条咨询？', '结束后不能再补充说明，顾问的回复仍可查看。如需继续咨询，可以再新建一条。', '结束咨询');
    if (!ok) return;
    setBusy('close');
    try {
      queryClient.setQueryData(caseKey(user.id, c.id), await closeCase(c.id));
      void queryClient.invalidateQueries({ queryKey: caseListKey(user.id) });
      void showToast('已结束咨询', 'success');
    } catch (e) {
      void showToast(`没有结束成功：${errorMessage(e)}`, 'fail');
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    if (busy) return;
    const ok = await showConfirm(
      '删除这条咨询？',
      '删除后，这条咨询的文字和照片会被永久删除，您和顾问都无法再查看，也无法恢复。',
      '永久删除',
    );
    if (!ok) return;
    setBusy('delete');
    try {
      await deleteCase(c.id);
    } catch (e) {
      // Already gone (deleted on another phone) counts as deleted.
      if (!(e instanceof ApiError && e.status === 404)) {
        setBusy(null);
        void showToast(`没有删除成功：${errorMessage(e)}`, 'fail');
        return;
      }
    }
    void queryClient.invalidateQueries({ queryKey: caseListKey(user.id) });
    await navigate(CONSULTATION_ROUTE, { replace: true });
    queryClient.removeQueries({ queryKey: caseKey(user.id, c.id) });
    void showToast('已删除', 'success');
  };
  return (
    <section className="case-actions" aria-label="处理这条咨询">
      {c.status !== 'closed' && (
        <button type="button" className="btn btn-block" disabled={busy !== null} onClick={() => void close()}>
          {busy === 'close' ? '正在结束…' : '结束咨询'}
        </button>
      )}
      <button type="button" className="btn btn-danger btn-block" disabled={busy !== null} onClick={() => void remove()}>
        {busy === 'delete' ? '正在删除…' : '删除咨询'}
      </button>
      <p className="case-hint">删除后，文字和照片会被永久删除，无法恢复。</p>
    </section>
  );
}
