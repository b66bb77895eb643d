import type { Finding, ItemSource, RevisionState } from '@moxa/core/console/console-contract';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

type RevisionRow = Database['content_revisions'];
export type RevisionRecord = {
  id: string;
  kind: string;
  itemId: string;
  title: string;
  state: RevisionState;
  isNew: boolean;
  source: ItemSource;
  findings: Finding[];
  basedOn: number | null;
  baseHash: string | null;
  rollbackOf: number | null;
  authorId: string;
  reviewerId: string | null;
  comment: string | null;
  publishAt: number | null;
  publishedAt: number | null;
  version: number | null;
  createdAt: number;
  updatedAt: number;
  submittedAt: number | null;
  claimedAt: number | null;
};
export type VersionRecord = {
  version: number;
  source: ItemSource;
  revisionId: string | null;
  authorId: string | null;
  reviewerId: string | null;
  rollbackOf: number | null;
  publishedAt: number;
};

/** The states in which an item has an open revision (one at most: the unique index of migration 023). */
export const OPEN_STATES: readonly RevisionState[] = ['draft', 'in_review', 'approved', 'rejected'];

const num = (v: number | null) => (v === null ? null : Number(v));

function toRevision(r: RevisionRow): RevisionRecord {
  return {
    id: r.id,
    kind: r.kind,
    itemId: r.item_id,
    title: r.title,
    state: r.state as RevisionState,
    isNew: r.is_new === 1,
    source: JSON.parse(r.source) as ItemSource,
    findings: JSON.parse(r.findings) as Finding[],
    basedOn: num(r.based_on),
    baseHash: r.base_hash,
    rollbackOf: num(r.rollback_of),
    authorId: r.author_id,
    reviewerId: r.reviewer_id,
    comment: r.comment,
    publishAt: num(r.publish_at),
    publishedAt: num(r.published_at),
    version: num(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    submittedAt: num(r.submitted_at),
    claimedAt: num(r.claimed_at),
  };
}

type RevisionPatch = Partial<Omit<RevisionRow, 'id' | 'kind' | 'item_id' | 'author_id' | 'created_at'>>;

/** Issue #29: revisions, versions, console sessions and the audit trail's search (queries live here, issue #14 §7). */
export function consoleRepository(db: Db) {
  return {
    async consoleSession(tokenHash: string): Promise<{ smsLoginAt: number | null; consoleSeenAt: number | null } | null> {
      const row = await db
        .selectFrom('sessions')
        .select(['sms_login_at', 'console_seen_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? { smsLoginAt: num(row.sms_login_at), consoleSeenAt: num(row.console_seen_at) } : null;
    },
    async touchConsole(tokenHash: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ console_seen_at: now }).where('token_hash', '=', tokenHash).execute();
    },

    async insertRevision(r: RevisionRecord): Promise<void> {
      await db
        .insertInto('content_revisions')
        .values({
          id: r.id,
          kind: r.kind,
          item_id: r.itemId,
          title: r.title,
          state: r.state,
          is_new: r.isNew ? 1 : 0,
          source: JSON.stringify(r.source),
          findings: JSON.stringify(r.findings),
          based_on: r.basedOn,
          base_hash: r.baseHash,
          rollback_of: r.rollbackOf,
          author_id: r.authorId,
          reviewer_id: r.reviewerId,
          comment: r.comment,
          publish_at: r.publishAt,
          published_at: r.publishedAt,
          version: r.version,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
          submitted_at: r.submittedAt,
          claimed_at: r.claimedAt,
        })
        .execute();
    },
    async revision(id: string): Promise<RevisionRecord | null> {
      const row = await db.selectFrom('content_revisions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRevision(row) : null;
    },
    async openRevision(kind: string, itemId: string): Promise<RevisionRecord | null> {
      const row = await db
        .selectFrom('content_revisions')
        .selectAll()
        .where('kind', '=', kind)
        .where('item_id', '=', itemId)
        .where('state', 'in', OPEN_STATES)
        .executeTakeFirst();
      return row ? toRevision(row) : null;
    },
    async openRevisions(kind: string): Promise<Map<string, { id: string; state: RevisionState }>> {
      const rows = await db
        .selectFrom('content_revisions')
        .select(['id', 'item_id', 'state'])
        .where('kind', '=', kind)
        .where('state', 'in', OPEN_STATES)
        .execute();
      return new Map(rows.map((r) => [r.item_id, { id: r.id, state: r.state as RevisionState }]));
    },
    async listRevisions(f: { state?: RevisionState; kind?: string; itemId?: string; authorId?: string }): Promise<RevisionRecord[]> {
      let q = db.selectFrom('content_revisions').selectAll();
      if (f.state) q = q.where('state', '=', f.state);
      if (f.kind) q = q.where('kind', '=', f.kind);
      if (f.itemId) q = q.where('item_id', '=', f.itemId);
      if (f.authorId) q = q.where('author_id', '=', f.authorId);
      const rows = await q.orderBy('updated_at', 'desc').orderBy('id').limit(200).execute();
      return rows.map(toRevision);
    },
    /**
     * Moves a revision on only from one of `from` (and, with `claimedBefore`, only when no live claim
     * holds it): true when this call did it, so two reviewers or two instances never both do.
     */
    async transition(id: string, from: readonly RevisionState[], patch: RevisionPatch, claimedBefore?: number): Promise<boolean> {
      let q = db.updateTable('content_revisions').set(patch).where('id', '=', id).where('state', 'in', from);
      if (claimedBefore !== undefined) q = q.where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', claimedBefore)]));
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Approved revisions due by `now` that no live claim holds. */
    async due(now: number, claimedBefore: number): Promise<string[]> {
      const rows = await db
        .selectFrom('content_revisions')
        .select('id')
        .where('state', '=', 'approved')
        .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now)]))
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', claimedBefore)]))
        .limit(100)
        .execute();
      return rows.map((r) => r.id);
    },

    async latestVersion(kind: string, itemId: string): Promise<number | null> {
      const row = await db
        .selectFrom('content_versions')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('kind', '=', kind)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row?.v === null || row?.v === undefined ? null : Number(row.v);
    },
    async latestVersions(kind: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('content_versions')
        .select((eb) => ['item_id', eb.fn.max('version').as('v')])
        .where('kind', '=', kind)
        .groupBy('item_id')
        .execute();
      return new Map(rows.map((r) => [r.item_id, Number(r.v)]));
    },
    /** Adds a version; false when that number exists already (another instance was first). */
    async insertVersion(kind: string, itemId: string, v: VersionRecord): Promise<boolean> {
      const res = await db
        .insertInto('content_versions')
        .values({
          kind,
          item_id: itemId,
          version: v.version,
          source: JSON.stringify(v.source),
          revision_id: v.revisionId,
          author_id: v.authorId,
          reviewer_id: v.reviewerId,
          rollback_of: v.rollbackOf,
          published_at: v.publishedAt,
        })
        .onConflict((oc) => oc.columns(['kind', 'item_id', 'version']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async versions(kind: string, itemId: string): Promise<VersionRecord[]> {
      const rows = await db
        .selectFrom('content_versions')
        .selectAll()
        .where('kind', '=', kind)
        .where('item_id', '=', itemId)
        .orderBy('version', 'desc')
        .execute();
      return rows.map((r) => ({
        version: Number(r.version),
        source: JSON.parse(r.source) as ItemSource,
        revisionId: r.revision_id,
        authorId: r.author_id,
        reviewerId: r.reviewer_id,
        rollbackOf: num(r.rollback_of),
        publishedAt: Number(r.published_at),
      }));
    },

    /** Display names of accounts (a deleted account: null). */
    async names(ids: readonly string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', unique).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The audit trail, filtered, newest first (the repository in audit/ only appends and pages). */
    async audit(f: {
      actorId?: string;
      action?: string;
      subject?: string;
      from?: number;
      to?: number;
      before?: number;
      limit: number;
    }): Promise<Database['audit_events'][]> {
      let q = db.selectFrom('audit_events').selectAll();
      if (f.actorId) q = q.where('actor_id', '=', f.actorId);
      if (f.action) q = q.where('action', '=', f.action);
      // A prefix: `content:product` finds every product's entries (a range, so no LIKE escaping).
      if (f.subject) q = q.where('subject', '>=', f.subject).where('subject', '<', `${f.subject}\uffff`);
      if (f.from !== undefined) q = q.where('at', '>=', f.from);
      if (f.to !== undefined) q = q.where('at', '<', f.to);
      if (f.before !== undefined) q = q.where('at', '<', f.before);
      const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
      return rows.map((r) => ({ ...r, at: Number(r.at) }));
    },
  };
}
export type ConsoleRepository = ReturnType<typeof consoleRepository>;
