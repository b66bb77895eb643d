import type { CaseStatus } from '@moxa/core/cases/case-contract';
import { CASE_STATUS_NAMES } from '@moxa/core/cases/case-names';
import { errorMessage } from '../../../lib/api-client.ts';

/** Small pieces shared by the advisors' two screens (issue #17). */
export const STATUSES = ['submitted', 'processing', 'replied', 'closed'] as const satisfies readonly CaseStatus[];
export const isCaseStatus = (s: string | null): s is CaseStatus => (STATUSES as readonly (string | null)[]).includes(s);

export function StatusTag({ status }: { status: CaseStatus }) {
  return <span className={`adv-status adv-status-${status}`}>{CASE_STATUS_NAMES[status]}</span>;
}

/** The red mark on a queue row whose request mentions symptoms that need a doctor. */
export function RedFlagMark() {
  return (
    <span className="adv-flag" title="提到了需要就医的症状">
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3l10 18H2z" fill="currentColor" />
        <path d="M12 10v5M12 18v.01" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      需提醒就医
    </span>
  );
}

/** The header's 刷新: large enough to tap, and says when it is busy. */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button type="button" className="adv-refresh" onClick={onClick} disabled={busy} aria-label={busy ? '正在刷新' : '刷新'}>
      <svg className={busy ? 'adv-spin' : undefined} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      刷新
    </button>
  );
}

/** When a refresh fails but the last answer is still on screen: say so, keep showing it. */
export function StaleNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="notice adv-stale" role="alert">
      <span>刷新没有成功：{errorMessage(error)}</span>
      <button type="button" className="adv-link-btn" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/**
 * A query as QueryState should see it: an error only while nothing is on screen yet. A failed
 * background refresh keeps the loaded data (and whatever the advisor is typing) in place.
 */
export function shownQuery<T>(q: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown }) {
  return { data: q.data, isError: q.isError && q.data === undefined, error: q.error, refetch: q.refetch };
}
