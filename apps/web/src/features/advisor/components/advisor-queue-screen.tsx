import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AdvisorCaseSummary, AdvisorQueuePage, CaseStatus } from '@moxa/core/cases/case-contract';
import { CASE_STATUS_NAMES } from '@moxa/core/cases/case-names';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { advisorCaseRoute } from '../api/paths.ts';
import { useAdvisorQueue } from '../api/queries.ts';
import { formatClock, formatTime, formatWaiting, isLongWait } from '../utils/format.ts';
import { AdvisorProfilePanel } from './advisor-profile-panel.tsx';
import { isCaseStatus, RedFlagMark, RefreshButton, shownQuery, StaleNotice, STATUSES, StatusTag } from './advisor-bits.tsx';
import { Link } from '../../../components/link.tsx';
import '../advisor.css';

const FILTERS: { value: CaseStatus | null; label: string }[] = [
  { value: null, label: '未关闭' },
  ...STATUSES.map((s) => ({ value: s, label: CASE_STATUS_NAMES[s] })),
];

/**
 * `/advisor` (issue #17, title 咨询队列, role advisor). Issue #27 item 4: by default the cases not yet
 * closed — red-flag cases waiting for an answer first, then the longest waiting — page by page as the
 * advisor scrolls (or taps 加载更多); a filter by status is kept in the address (?status=), so 返回
 * from a case comes back to the same list.
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
    <Page title="咨询队列" right={<RefreshButton busy={q.isFetching && !q.isFetchingNextPage} onClick={() => void q.refetch()} />}>
      {/* Issue #30: 在岗 and the advisor's own profile. */}
      <AdvisorProfilePanel />
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
      {q.isRefetchError && <StaleNotice error={q.error} onRetry={() => void q.refetch()} />}
      <QueryState
        query={shownQuery(q)}
        skeleton={<CardSkeleton cards={3} lines={3} />}
        errorTitle="咨询队列没有加载出来"
        isEmpty={(d) => d.pages[0]!.items.length === 0}
        empty={{
          title: status ? `没有${filterName}的咨询` : '没有未关闭的咨询',
          description: status ? '可以看看其他状态，或稍后刷新。' : '用户提交咨询后会出现在这里。',
          actions: [
            { text: '刷新', primary: true, onClick: () => void q.refetch() },
            ...(status ? [{ text: '看未关闭的', onClick: () => choose(null) }] : []),
          ],
        }}
      >
        {(d) => (
          <>
            <Queue pages={d.pages} status={status} updatedAt={q.dataUpdatedAt} />
            <LoadMore
              hasMore={q.hasNextPage}
              loading={q.isFetchingNextPage}
              failed={q.isFetchNextPageError}
              onMore={() => void q.fetchNextPage()}
              doneText={`已全部显示，共 ${d.pages[0]!.total} 条`}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}

/** The loaded pages as one list; a case that moved between two pages while they loaded shows once. */
function Queue({ pages, status, updatedAt }: { pages: AdvisorQueuePage[]; status: CaseStatus | undefined; updatedAt: number }) {
  const list = useMemo(() => {
    const seen = new Set<string>();
    return pages.flatMap((p) => p.items).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  }, [pages]);
  const { total, flagged } = pages[0]!;
  return (
    <>
      <p className="adv-count muted small">
        共 {total} 条{flagged > 0 ? `，其中 ${flagged} 条需提醒就医` : ''}
        {updatedAt > 0 && <span> · 更新于 {formatClock(updatedAt)}</span>}
      </p>
      {status !== 'closed' && status !== 'replied' && (
        <p className="adv-order muted small">需提醒就医的排在最前，再按等待时间，等得最久的在前{status ? '' : '；已回复的在后'}。</p>
      )}
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
        {waiting && (
          <span className={`adv-wait${c.overdue || isLongWait(c.waiting) ? ' is-long' : ''}`}>
            {c.overdue ? `${waiting}，已超时` : waiting}
          </span>
        )}
      </span>
    </Link>
  );
}
