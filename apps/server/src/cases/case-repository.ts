import { randomUUID } from 'node:crypto';
import type { CaseStatus, ConsultationRequest, Recommendation } from '@moxa/core/cases/case-contract';
import { afterSensitiveDelete, recordDeletion, type Db } from '../db/database.ts';
import type { ProcessedPhoto } from './photos.ts';

export type CaseRow = {
  id: string;
  userId: string;
  userName: string;
  userMobile: string;
  status: CaseStatus;
  request: Omit<ConsultationRequest, 'consent'>;
  complaint: string;
  redFlag: boolean;
  notifySms: boolean;
  history: { status: CaseStatus; at: number }[];
  createdAt: number;
  updatedAt: number;
  userReadAt: number;
  lastReplyAt: number | null;
  /** Issue #27 item 4: the queue group (see queueRank) and when the case entered it. */
  queueRank: number;
  queueAt: number;
};
type MessageRow = {
  id: string;
  author: 'user' | 'advisor';
  authorName: string | null;
  body: string;
  recommendation: Recommendation | null;
  internal: boolean;
  createdAt: number;
};
type PhotoMeta = { id: string; width: number; height: number };

/**
 * The advisors' queue order (issue #27 item 4): 0 red-flag and waiting for an answer, 1 waiting,
 * 2 red-flag and replied, 3 replied, 4 closed. Within a group, the longest there first.
 */
function queueRank(status: CaseStatus, redFlag: boolean): number {
  if (status === 'closed') return 4;
  return (status === 'replied' ? 2 : 0) + (redFlag ? 0 : 1);
}
const group = (status: CaseStatus) => (status === 'closed' ? 'closed' : status === 'replied' ? 'replied' : 'waiting');
/** When the case entered its queue group: kept while the group stays (an internal note, 已提交 → 处理中), else now. */
const queueAtAfter = (c: CaseRow, status: CaseStatus, now: number) => (group(status) === group(c.status) ? c.queueAt : now);
export const isWaiting = (c: Pick<CaseRow, 'queueRank'>) => c.queueRank <= 1;

/** A place in the queue: the last case of a page. Opaque to clients (base64url). */
type QueueCursor = { rank: number; at: number; id: string };
export const encodeQueueCursor = (c: QueueCursor) => Buffer.from(`${c.rank}.${c.at}.${c.id}`, 'latin1').toString('base64url');
/** The cursor a client sent back, or null when it is not one of ours. */
export function decodeQueueCursor(raw: string): QueueCursor | null {
  const m = /^([0-4])\.(\d{1,15})\.([0-9a-f-]{36})$/.exec(Buffer.from(raw, 'base64url').toString('latin1'));
  return m ? { rank: Number(m[1]), at: Number(m[2]), id: m[3]! } : null;
}
type QueueView = { status?: CaseStatus; after?: QueueCursor; size: number };

/** Consultation cases, their messages and photos (issue #17); queries live here, not in routes (issue #14 §7). */
export function caseRepository(db: Db, clock: () => number) {
  const select = () =>
    db
      .selectFrom('cases')
      .innerJoin('users', 'users.id', 'cases.user_id')
      .select([
        'cases.id',
        'cases.user_id',
        'users.name as user_name',
        'users.mobile as user_mobile',
        'cases.status',
        'cases.request',
        'cases.complaint',
        'cases.red_flag',
        'cases.notify_sms',
        'cases.history',
        'cases.created_at',
        'cases.updated_at',
        'cases.user_read_at',
        'cases.last_reply_at',
        'cases.queue_rank',
        'cases.queue_at',
      ]);
  type Raw = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toRow = (r: Raw): CaseRow => ({
    id: r.id,
    userId: r.user_id,
    userName: r.user_name,
    userMobile: r.user_mobile,
    status: r.status as CaseStatus,
    request: JSON.parse(r.request) as CaseRow['request'],
    complaint: r.complaint,
    redFlag: Number(r.red_flag) === 1,
    notifySms: Number(r.notify_sms) === 1,
    history: JSON.parse(r.history) as CaseRow['history'],
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    userReadAt: Number(r.user_read_at),
    lastReplyAt: r.last_reply_at === null ? null : Number(r.last_reply_at),
    queueRank: Number(r.queue_rank),
    queueAt: Number(r.queue_at),
  });

  return {
    /** Opens a case with its photos in one transaction: all of it is written, or nothing. */
    async create(userId: string, request: CaseRow['request'], redFlag: boolean, photos: ProcessedPhoto[]): Promise<string> {
      const id = randomUUID();
      const now = clock();
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('cases')
          .values({
            id,
            user_id: userId,
            status: 'submitted',
            request: JSON.stringify(request),
            complaint: request.complaint,
            red_flag: redFlag ? 1 : 0,
            notify_sms: request.notifySms ? 1 : 0,
            history: JSON.stringify([{ status: 'submitted', at: now }]),
            created_at: now,
            updated_at: now,
            user_read_at: now,
            last_reply_at: null,
            queue_rank: queueRank('submitted', redFlag),
            queue_at: now,
          })
          .execute();
        for (const [position, p] of photos.entries())
          await tx
            .insertInto('case_photos')
            .values({
              id: randomUUID(),
              case_id: id,
              position,
              mime: p.mime,
              width: p.width,
              height: p.height,
              bytes: p.bytes,
              created_at: now,
            })
            .execute();
      });
      return id;
    },

    /** The user's own case, or null — another user's case is indistinguishable from none. */
    async ownedBy(caseId: string, userId: string): Promise<CaseRow | null> {
      const r = await select().where('cases.id', '=', caseId).where('cases.user_id', '=', userId).executeTakeFirst();
      return r ? toRow(r) : null;
    },
    async get(caseId: string): Promise<CaseRow | null> {
      const r = await select().where('cases.id', '=', caseId).executeTakeFirst();
      return r ? toRow(r) : null;
    },
    async listOf(userId: string): Promise<CaseRow[]> {
      return (await select().where('cases.user_id', '=', userId).orderBy('cases.updated_at', 'desc').execute()).map(toRow);
    },
    /**
     * One page of the advisors' queue (issue #27 item 4), by keyset on (queue_rank, queue_at, id): the
     * open cases by default, or one status; 已关闭 newest first. `next` is null on the last page.
     */
    async queue(view: QueueView): Promise<{ rows: CaseRow[]; next: QueueCursor | null }> {
      const newestFirst = view.status === 'closed';
      const dir = newestFirst ? 'desc' : 'asc';
      const past = newestFirst ? '<' : '>';
      let q = select();
      q = view.status ? q.where('cases.status', '=', view.status) : q.where('cases.queue_rank', '<', 4);
      const a = view.after;
      if (a)
        q = q.where((eb) =>
          eb.or([
            eb('cases.queue_rank', '>', a.rank),
            eb.and([eb('cases.queue_rank', '=', a.rank), eb('cases.queue_at', past, a.at)]),
            eb.and([eb('cases.queue_rank', '=', a.rank), eb('cases.queue_at', '=', a.at), eb('cases.id', past, a.id)]),
          ]),
        );
      const found = await q
        .orderBy('cases.queue_rank', 'asc')
        .orderBy('cases.queue_at', dir)
        .orderBy('cases.id', dir)
        .limit(view.size + 1)
        .execute();
      const rows = found.slice(0, view.size).map(toRow);
      const last = rows.at(-1);
      return { rows, next: found.length > view.size && last ? { rank: last.queueRank, at: last.queueAt, id: last.id } : null };
    },
    /** How many cases the view holds, and how many of them are red-flag cases waiting for an answer. */
    async queueCounts(status?: CaseStatus): Promise<{ total: number; flagged: number }> {
      let q = db
        .selectFrom('cases')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('queue_rank', '=', 0).then(1).else(0).end()).as('flagged'),
        ]);
      q = status ? q.where('status', '=', status) : q.where('queue_rank', '<', 4);
      const r = await q.executeTakeFirstOrThrow();
      return { total: Number(r.total), flagged: Number(r.flagged ?? 0) };
    },

    async messages(caseId: string, withInternal: boolean): Promise<MessageRow[]> {
      let q = db.selectFrom('case_messages').selectAll().where('case_id', '=', caseId);
      if (!withInternal) q = q.where('internal', '=', 0);
      const rows = await q.orderBy('seq').execute();
      return rows.map((m) => ({
        id: m.id,
        author: m.author as MessageRow['author'],
        authorName: m.author_name,
        body: m.body,
        recommendation: m.recommendation ? (JSON.parse(m.recommendation) as Recommendation) : null,
        internal: Number(m.internal) === 1,
        createdAt: Number(m.created_at),
      }));
    },
    async photos(caseId: string): Promise<PhotoMeta[]> {
      return db.selectFrom('case_photos').select(['id', 'width', 'height']).where('case_id', '=', caseId).orderBy('position').execute();
    },
    async photo(caseId: string, photoId: string): Promise<{ bytes: Buffer; mime: string } | null> {
      const r = await db
        .selectFrom('case_photos')
        .select(['bytes', 'mime'])
        .where('case_id', '=', caseId)
        .where('id', '=', photoId)
        .executeTakeFirst();
      return r ? { bytes: Buffer.from(r.bytes), mime: r.mime } : null;
    },

    /** Adds a message; a reply (not an internal note) also moves the case to 已回复. */
    async addMessage(
      c: CaseRow,
      m: {
        author: 'user' | 'advisor';
        advisorId?: string;
        authorName?: string;
        body: string;
        recommendation?: Recommendation;
        internal?: boolean;
      },
    ): Promise<void> {
      const now = clock();
      const reply = m.author === 'advisor' && !m.internal;
      const status: CaseStatus = reply ? 'replied' : m.author === 'user' && c.status === 'replied' ? 'processing' : c.status;
      await db.transaction().execute(async (tx) => {
        const last = await tx
          .selectFrom('case_messages')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('case_id', '=', c.id)
          .executeTakeFirst();
        await tx
          .insertInto('case_messages')
          .values({
            id: randomUUID(),
            case_id: c.id,
            seq: last?.seq === null || last?.seq === undefined ? 0 : Number(last.seq) + 1,
            author: m.author,
            advisor_id: m.advisorId ?? null,
            author_name: m.authorName ?? null,
            body: m.body,
            recommendation: m.recommendation ? JSON.stringify(m.recommendation) : null,
            internal: m.internal ? 1 : 0,
            created_at: now,
          })
          .execute();
        await tx
          .updateTable('cases')
          .set({
            status,
            history: JSON.stringify(status === c.status ? c.history : [...c.history, { status, at: now }]),
            updated_at: now,
            queue_rank: queueRank(status, c.redFlag),
            queue_at: queueAtAfter(c, status, now),
            ...(reply ? { last_reply_at: now } : {}),
            ...(m.author === 'user' ? { user_read_at: now } : {}),
          })
          .where('id', '=', c.id)
          .execute();
      });
    },
    async setStatus(c: CaseRow, status: CaseStatus): Promise<void> {
      if (status === c.status) return;
      const now = clock();
      await db
        .updateTable('cases')
        .set({
          status,
          history: JSON.stringify([...c.history, { status, at: now }]),
          updated_at: now,
          queue_rank: queueRank(status, c.redFlag),
          queue_at: queueAtAfter(c, status, now),
        })
        .where('id', '=', c.id)
        .execute();
    },
    async markRead(caseId: string): Promise<void> {
      await db.updateTable('cases').set({ user_read_at: clock() }).where('id', '=', caseId).execute();
    },
    /** Deletes the case for good: its messages and photos go with it (foreign keys cascade, and explicitly). */
    async delete(caseId: string, userId: string): Promise<boolean> {
      const deleted = await db.transaction().execute(async (tx) => {
        const owned = await tx.selectFrom('cases').select('id').where('id', '=', caseId).where('user_id', '=', userId).executeTakeFirst();
        if (!owned) return false;
        await tx.deleteFrom('case_photos').where('case_id', '=', caseId).execute();
        await tx.deleteFrom('case_messages').where('case_id', '=', caseId).execute();
        await tx.deleteFrom('cases').where('id', '=', caseId).execute();
        // Issue #27 item 3: a restore of an older backup deletes the case again.
        await recordDeletion(tx, 'case', caseId, clock());
        return true;
      });
      // Issue #27 item 3: no byte of the case left in the database files (checkpoint / VACUUM).
      if (deleted) await afterSensitiveDelete(db);
      return deleted;
    },
    /** A constitution record of this user, to attach to a request. */
    async physicalRecordOf(
      userId: string,
      recordId: string,
    ): Promise<{ id: string; primaryType: string | null; createdAt: number } | null> {
      const r = await db
        .selectFrom('physical_records')
        .select(['id', 'primary_type', 'created_at'])
        .where('id', '=', recordId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r ? { id: r.id, primaryType: r.primary_type, createdAt: Number(r.created_at) } : null;
    },
  };
}
export type CaseRepository = ReturnType<typeof caseRepository>;
