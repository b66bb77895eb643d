import { Link, useSearchParams } from 'react-router';
import type { AdvisorCaseSummary, CaseStatus } from '@moxa/core/cases/case-contract';
import { CASE_STATUS_NAMES } from '@moxa/core/cases/case-names';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { advisorCaseRoute } from '../api/paths.ts';
import { useAdvisorQueue } from '../api/queries.ts';
import { formatClock, formatTime, formatWaiting, isLongWait } from '../utils/format.ts';
import { isCaseStatus, RedFlagMark, RefreshButton, shownQuery, StaleNotice, STATUSES, StatusTag } from './advisor-bits.tsx';
import '../advisor.css';

const FILTERS: { value: CaseStatus | null; label: string }[] = [
  { value: null, label: '全部' },
  ...STATUSES.map((s) => ({ value: s, label: CASE_STATUS_NAMES[s] })),
];

/**
 * `/advisor` (issue #17, title 咨询队列, role advisor): every case, the longest waiting first, with a
 * filter by status kept in the address (?status=), so 返回 from a case comes back to the same list.
 */
export function AdvisorQueueScreen() {
  useDocumentTitle('咨询队列');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isCaseStatus(raw) ? raw : undefined;
  const q = useAdvisorQueue(status);
  const choose = (value: CaseStatus | null) => setParams(value ? { status: value } : {}, { replace: true });
  const filterName = status ? CASE_STATUS_NAMES[status] : '';
  return (
    <Page title="咨询队列" right={<RefreshButton busy={q.isFetching} onClick={() => void q.refetch()} />}>
      <div className="adv-filter" role="group" aria-label="按状态筛选">
        {FILTERS.map((f) => {
          const on = (f.value ?? undefined) === status;
          return (
            <button
              key={f.label}
              type="button"
              className={`adv-filter-btn${on ? ' is-on' : ''}`}
              aria-pressed={on}
              onClick={() => choose(f.value)}
            >
              {f.label}
            </button>
          );
        })}
      </div>
      {q.isError && q.data !== undefined && <StaleNotice error={q.error} onRetry={() => void q.refetch()} />}
      <QueryState
        query={shownQuery(q)}
        skeleton={<CardSkeleton cards={3} lines={3} />}
        errorTitle="咨询队列没有加载出来"
        isEmpty={(list) => list.length === 0}
        empty={{
          title: status ? `没有${filterName}的咨询` : '还没有咨询',
          description: status ? '可以看看其他状态，或稍后刷新。' : '用户提交咨询后会出现在这里。',
          actions: [
            { text: '刷新', primary: true, onClick: () => void q.refetch() },
            ...(status ? [{ text: '看全部', onClick: () => choose(null) }] : []),
          ],
        }}
      >
        {(list) => <Queue list={list} updatedAt={q.dataUpdatedAt} />}
      </QueryState>
    </Page>
  );
}

function Queue({ list, updatedAt }: { list: AdvisorCaseSummary[]; updatedAt: number }) {
  const flagged = list.filter((c) => c.redFlag).length;
  return (
    <>
      <p className="adv-count muted small">
        共 {list.length} 条{flagged > 0 ? `，其中 ${flagged} 条需提醒就医` : ''}
        {updatedAt > 0 && <span> · 更新于 {formatClock(updatedAt)}</span>}
      </p>
      <ul className="adv-queue" aria-label="咨询">
        {list.map((c) => (
          <li key={c.id}>
            <QueueItem c={c} />
          </li>
        ))}
      </ul>
    </>
  );
}

function QueueItem({ c }: { c: AdvisorCaseSummary }) {
  const waiting = formatWaiting(c.waiting);
  return (
    <Link to={advisorCaseRoute(c.id)} className={`card adv-item${c.redFlag ? ' is-flagged' : ''}`}>
      <span className="adv-item-head">
        <b className="adv-user">{c.userName}</b>
        <StatusTag status={c.status} />
      </span>
      {c.redFlag && <RedFlagMark />}
      <span className="adv-complaint">{c.complaint}</span>
      <span className="adv-item-foot">
        <span className="muted">{formatTime(c.createdAt)} 提交</span>
        {waiting && <span className={`adv-wait${isLongWait(c.waiting) ? ' is-long' : ''}`}>{waiting}</span>}
      </span>
    </Link>
  );
}
