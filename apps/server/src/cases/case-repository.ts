import { randomUUID } from 'node:crypto';
import type { CaseStatus, ConsultationRequest, Recommendation } from '@moxa/core/cases/case-contract';
import type { Db } from '../db/database.ts';
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
};
export type MessageRow = {
  id: string;
  author: 'user' | 'advisor';
  authorName: string | null;
  body: string;
  recommendation: Recommendation | null;
  internal: boolean;
  createdAt: number;
};
export type PhotoMeta = { id: string; width: number; height: number };

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
    /** The advisors' queue: oldest waiting first, optionally one status. */
    async queue(status?: CaseStatus): Promise<CaseRow[]> {
      let q = select();
      if (status) q = q.where('cases.status', '=', status);
      return (await q.orderBy('cases.created_at', 'asc').limit(500).execute()).map(toRow);
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
        .set({ status, history: JSON.stringify([...c.history, { status, at: now }]), updated_at: now })
        .where('id', '=', c.id)
        .execute();
    },
    async markRead(caseId: string): Promise<void> {
      await db.updateTable('cases').set({ user_read_at: clock() }).where('id', '=', caseId).execute();
    },
    /** Deletes the case for good: its messages and photos go with it (foreign keys cascade, and explicitly). */
    async delete(caseId: string, userId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const owned = await tx.selectFrom('cases').select('id').where('id', '=', caseId).where('user_id', '=', userId).executeTakeFirst();
        if (!owned) return false;
        await tx.deleteFrom('case_photos').where('case_id', '=', caseId).execute();
        await tx.deleteFrom('case_messages').where('case_id', '=', caseId).execute();
        await tx.deleteFrom('cases').where('id', '=', caseId).execute();
        return true;
      });
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
