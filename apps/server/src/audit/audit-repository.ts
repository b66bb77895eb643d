import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * What an audit entry's detail may hold (issue #27 item 16): counts, flags and lower-case identifiers
 * (a section key, a role) — never a name, a number, a message or anything else a person typed, so the
 * trail itself holds no personal data. One level of nesting (`{ sections: { favorites: 2 } }`).
 */
type Scalar = number | boolean | null | string;
type AuditDetail = Record<string, Scalar | Record<string, Scalar>>;
const IDENTIFIER = /^[a-z][a-z0-9_.:-]{0,63}$/;
const DIGIT_RUN = /[0-9]{4}/;

function checkScalar(key: string, v: unknown): void {
  if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return;
  if (typeof v === 'string' && IDENTIFIER.test(v) && !DIGIT_RUN.test(v)) return;
  throw new Error(`audit detail ${key}: only counts, flags and identifiers (no personal data)`);
}
function checkDetail(detail: AuditDetail): void {
  for (const [key, v] of Object.entries(detail)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) checkScalar(`${key}.${k2}`, v2);
    else checkScalar(key, v);
  }
}

type AuditEvent = { id: string; at: number; actorId: string | null; action: string; subject: string; detail: AuditDetail };

/**
 * The append-only audit trail (issue #27 item 16; the console, issue #29, reads and extends it).
 * Only `record` and `list`: no path here updates or deletes an entry. Entries older than the
 * retention period (RETENTION.auditDays) are removed only by the daily retention job.
 */
export function auditRepository(db: Db, clock: () => number) {
  return {
    /** Appends an entry; `subject` names what was acted on (`user:<id>`), `detail` holds no personal data. */
    async record(entry: { actorId: string | null; action: string; subject: string; detail?: AuditDetail }): Promise<AuditEvent> {
      const detail = entry.detail ?? {};
      checkDetail(detail);
      const row = {
        id: randomUUID(),
        at: clock(),
        actor_id: entry.actorId,
        action: entry.action,
        subject: entry.subject,
        detail: JSON.stringify(detail),
      };
      await db.insertInto('audit_events').values(row).execute();
      return { id: row.id, at: row.at, actorId: row.actor_id, action: row.action, subject: row.subject, detail };
    },

    /** Entries newest first, optionally of one actor or action, before an instant (paging), at most `limit`. */
    async list(filter: { actorId?: string; action?: string; before?: number; limit?: number } = {}): Promise<AuditEvent[]> {
      let q = db.selectFrom('audit_events').selectAll();
      if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
      if (filter.action) q = q.where('action', '=', filter.action);
      if (filter.before !== undefined) q = q.where('at', '<', filter.before);
      const rows = await q
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.min(Math.max(filter.limit ?? 100, 1), 500))
        .execute();
      return rows.map((r) => ({
        id: r.id,
        at: Number(r.at),
        actorId: r.actor_id,
        action: r.action,
        subject: r.subject,
        detail: JSON.parse(r.detail) as AuditDetail,
      }));
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
