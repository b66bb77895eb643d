import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdvisorCaseDetail, CaseMessage } from '@moxa/core/cases/case-contract';
import { CASE_STATUS_NAMES, CONTACT_TIME_LABELS, DURATION_LABELS } from '@moxa/core/cases/case-names';
import { CONSTITUTION_NAMES, isConstitutionType } from '@moxa/core/physical/constitution';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { SectionCard } from '../../../components/content-list.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ADVISOR_ROUTE } from '../api/paths.ts';
import { advisorCaseKey, advisorKey, postStatus, useAdvisorCase } from '../api/queries.ts';
import { formatDay, formatTime } from '../utils/format.ts';
import { redFlagTermsIn } from '../utils/reply.ts';
import { PrivatePhotos } from '../../../components/private-photos.tsx';
import { RefreshButton, shownQuery, StaleNotice, StatusTag } from './advisor-bits.tsx';
import { EMPTY_DRAFT, ReplyBox, type ReplyDraft } from './reply-box.tsx';
import '../advisor.css';
import { RecommendationLinks } from '../../../components/recommendation-links.tsx';
import { Link } from '../../../components/link.tsx';

const CASE_ID = /^[0-9a-f-]{36}$/;

/**
 * `/advisor/case/{caseId}` (issue #17, title 咨询处理, role advisor): the request with its photos, a
 * red notice when it mentions symptoms that need a doctor, the whole thread with the internal
 * notes, the status with its history and actions, and the reply box.
 */
export function AdvisorCaseScreen() {
  const { caseId = '' } = useParams();
  // A fresh draft for each case.
  return <CaseScreen key={caseId} caseId={caseId} />;
}

function CaseScreen({ caseId }: { caseId: string }) {
  useDocumentTitle('咨询处理');
  const navigate = useNavigate();
  const valid = CASE_ID.test(caseId);
  const q = useAdvisorCase(valid ? caseId : '');
  const [draft, setDraft] = useState<ReplyDraft>(EMPTY_DRAFT);
  const notFound = {
    title: '没有找到这条咨询',
    description: '这条咨询可能已被用户删除。',
    actions: [{ text: '回到咨询队列', primary: true, onClick: () => void navigate(ADVISOR_ROUTE) }],
  };
  return (
    <Page title="咨询处理" right={valid ? <RefreshButton busy={q.isFetching} onClick={() => void q.refetch()} /> : undefined}>
      {!valid ? (
        <StatusView kind="empty" {...notFound} />
      ) : (
        <>
          {q.isError && q.data !== undefined && <StaleNotice error={q.error} onRetry={() => void q.refetch()} />}
          <QueryState query={shownQuery(q)} skeleton={<CardSkeleton cards={3} />} errorTitle="咨询没有加载出来" notFound={notFound}>
            {(c) => <Detail c={c} draft={draft} setDraft={setDraft} />}
          </QueryState>
        </>
      )}
    </Page>
  );
}

function Detail({ c, draft, setDraft }: { c: AdvisorCaseDetail; draft: ReplyDraft; setDraft: (d: ReplyDraft) => void }) {
  return (
    <article className="adv-case">
      {c.redFlag && <RedFlagNotice c={c} />}
      <StatusCard c={c} />
      <RequestCard c={c} />
      <h2 className="section-title">对话记录</h2>
      <Thread c={c} />
      {c.status === 'closed' ? (
        <div className="card adv-closed">
          <p>这条咨询已关闭，不能再回复或写备注。</p>
        </div>
      ) : (
        <ReplyBox c={c} draft={draft} setDraft={setDraft} />
      )}
    </article>
  );
}

function RedFlagNotice({ c }: { c: AdvisorCaseDetail }) {
  const terms = redFlagTermsIn(`${c.request.complaint} ${c.request.symptoms}`);
  return (
    <section className="adv-redflag" role="alert" aria-labelledby="adv-redflag-title">
      <h2 id="adv-redflag-title">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3l10 18H2z" fill="currentColor" />
          <path d="M12 10v5M12 18v.01" stroke="#c0392b" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        请建议用户及时就医
      </h2>
      <p>
        用户描述中提到了可能需要就医的症状{terms.length > 0 ? `（${terms.join('、')}）` : ''}
        。回复时请首先明确建议用户尽快到医院就诊，必要时拨打 120；不要只给艾灸或产品建议。
      </p>
    </section>
  );
}

function StatusCard({ c }: { c: AdvisorCaseDetail }) {
  const { user } = useLoginInfo();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'processing' | 'closed' | null>(null);
  const change = async (status: 'processing' | 'closed') => {
    if (busy) return;
    if (
      status === 'closed' &&
      !(await showConfirm('关闭这条咨询？', '关闭后，顾问不能再回复，用户也不能再补充。用户仍能查看已有的内容。', '关闭咨询'))
    )
      return;
    setBusy(status);
    try {
      const next = await postStatus(c.id, status);
      queryClient.setQueryData(advisorCaseKey(user.id, c.id), next);
      void queryClient.invalidateQueries({ queryKey: [...advisorKey(user.id), 'queue'] });
      void showToast(status === 'closed' ? '已关闭' : '已标记为处理中', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(null);
    }
  };
  const open = c.status !== 'closed';
  return (
    <section className="card adv-status-card" aria-label="咨询状态">
      <div className="adv-status-head">
        <span className="adv-status-user">{c.userName}</span>
        <StatusTag status={c.status} />
      </div>
      <ol className="adv-history" aria-label="状态记录">
        {c.history.map((h, i) => (
          <li key={`${h.status}-${h.at}`} className={i === c.history.length - 1 ? 'is-current' : undefined}>
            <span className="adv-history-dot" aria-hidden="true" />
            <span className="adv-history-name">{CASE_STATUS_NAMES[h.status]}</span>
            <time dateTime={new Date(h.at).toISOString()}>{formatTime(h.at)}</time>
          </li>
        ))}
      </ol>
      {open && (
        <div className="adv-actions">
          {c.status !== 'processing' && (
            <button type="button" className="btn" disabled={busy !== null} onClick={() => void change('processing')}>
              {busy === 'processing' ? '正在标记…' : '标记处理中'}
            </button>
          )}
          <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => void change('closed')}>
            {busy === 'closed' ? '正在关闭…' : '关闭咨询'}
          </button>
        </div>
      )}
    </section>
  );
}

function RequestCard({ c }: { c: AdvisorCaseDetail }) {
  const r = c.request;
  const record = r.physicalRecord;
  const rows: { k: string; v: ReactNode }[] = [
    { k: '用户', v: c.userName },
    { k: '性别', v: r.gender === 'female' ? '女' : '男' },
    { k: '年龄', v: `${r.age} 岁` },
    {
      k: '调理项目',
      v: r.disease ? (
        <Link className="adv-link" to={`/disease_detail/${encodeURIComponent(r.disease.id)}`}>
          {r.disease.name}
        </Link>
      ) : (
        '未选择（用文字描述）'
      ),
    },
    { k: '持续多久', v: DURATION_LABELS[r.duration] },
    { k: '是否看过医生', v: r.seenDoctor ? '看过' : '没看过' },
    {
      k: '体质测试',
      v: record
        ? `${isConstitutionType(record.primaryType) ? CONSTITUTION_NAMES[record.primaryType] : '未判定体质'}（${formatDay(record.createdAt)}）`
        : '未附上',
    },
    { k: '方便联系', v: CONTACT_TIME_LABELS[r.contactTime] },
    { k: '短信通知', v: r.notifySms ? '有回复时通知' : '不需要' },
    { k: '提交时间', v: formatTime(c.createdAt) },
  ];
  return (
    <SectionCard title="咨询内容">
      <h3 className="adv-sub">想咨询的问题</h3>
      <p className="adv-body adv-complaint-big">{r.complaint}</p>
      <h3 className="adv-sub">症状和不适</h3>
      <p className="adv-body">{r.symptoms}</p>
      <dl className="kv adv-kv">
        {rows.map((row) => (
          <div key={row.k}>
            <dt>{row.k}</dt>
            <dd>{row.v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="adv-sub">照片</h3>
      {c.photos.length > 0 ? (
        <>
          <p className="adv-hint">共 {c.photos.length} 张，点按看大图。</p>
          <PrivatePhotos photos={c.photos} />
        </>
      ) : (
        <p className="muted">没有上传照片</p>
      )}
    </SectionCard>
  );
}

function Thread({ c }: { c: AdvisorCaseDetail }) {
  if (c.messages.length === 0)
    return (
      <div className="card">
        <p className="muted adv-empty-thread">还没有回复。用户在等您的第一条回复。</p>
      </div>
    );
  return (
    <ol className="adv-thread" aria-label="对话记录">
      {c.messages.map((m) => (
        <MessageItem key={m.id} m={m} userName={c.userName} />
      ))}
    </ol>
  );
}

function MessageItem({ m, userName }: { m: CaseMessage; userName: string }) {
  const kind = m.internal ? 'internal' : m.author;
  return (
    <li className={`adv-msg adv-msg-${kind}`}>
      <div className="adv-msg-head">
        <b>{m.author === 'user' ? `${userName}（用户）补充` : (m.authorName ?? '顾问')}</b>
        <time dateTime={new Date(m.createdAt).toISOString()}>{formatTime(m.createdAt)}</time>
      </div>
      {m.internal && <p className="adv-internal-mark">内部备注，用户看不到</p>}
      <p className="adv-body">{m.body}</p>
      {m.recommendation && <RecommendationLinks r={m.recommendation} />}
    </li>
  );
}
