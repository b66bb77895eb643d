export { AUDIT_ACTIONS, actionLabel } from '@moxa/core/console/audit-actions';
/** The audit log's actions in Chinese (issue #29: create, edit, submit, approve, reject, publish, rollback, settings, media, roles). */

/** The filters as the API's query (dates as the start and end of the chosen days, epoch ms). */
export function auditQuery(f: {
  actor?: string;
  action?: string;
  subject?: string;
  from?: number | null;
  to?: number | null;
  before?: number;
}): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  if (f.actor?.trim()) q.actor = f.actor.trim();
  if (f.action?.trim()) q.action = f.action.trim();
  if (f.subject?.trim()) q.subject = f.subject.trim();
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.before) q.before = f.before;
  return q;
}

/** A short before → after of an entry's detail, for the table (the whole detail opens below the row). */
export function detailSummary(detail: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(detail)) {
    if (v === null || v === undefined) continue;
    // Times are epoch ms in the trail (`publishAt`, …): shown as staff read them.
    const text =
      typeof v === 'number' && /At$/.test(k) && v > 1e12
        ? new Date(v).toLocaleString('zh-CN', { hour12: false })
        : typeof v === 'string'
          ? v
          : JSON.stringify(v);
    parts.push(`${k}: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
    if (parts.length === 3) break;
  }
  return parts.join('；');
}
