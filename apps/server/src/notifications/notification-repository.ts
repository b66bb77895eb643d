import { DAY_MS, RETENTION } from '@moxa/core/legal/retention';
import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_PREFERENCES,
  type NoticeChannel,
  type NoticeKind,
  type NoticeState,
  type NotificationPreferencesInput,
} from '@moxa/core/notifications/notification-contract';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export type NoticeRow = {
  key: string;
  kind: NoticeKind;
  channel: NoticeChannel;
  userId: string;
  subjectId: string | null;
  payload: Record<string, unknown>;
  dueAt: number;
  state: NoticeState;
  attempts: number;
  lastError: string | null;
  claimedAt: number | null;
  enqueuedAt: number | null;
  sentAt: number | null;
  createdAt: number;
};
export type CaseState = {
  userId: string;
  queueRank: number;
  queueAt: number;
  notifySms: boolean;
  userReadAt: number;
  lastReplyAt: number | null;
};
export type NewNotice = Pick<NoticeRow, 'key' | 'kind' | 'channel' | 'userId' | 'subjectId' | 'payload' | 'dueAt'>;

const toRow = (r: Database['notifications']): NoticeRow => ({
  key: r.key,
  kind: r.kind as NoticeKind,
  channel: r.channel as NoticeChannel,
  userId: r.user_id,
  subjectId: r.subject_id,
  payload: JSON.parse(r.payload) as Record<string, unknown>,
  dueAt: Number(r.due_at),
  state: r.state as NoticeState,
  attempts: r.attempts,
  lastError: r.last_error,
  claimedAt: r.claimed_at === null ? null : Number(r.claimed_at),
  enqueuedAt: r.enqueued_at === null ? null : Number(r.enqueued_at),
  sentAt: r.sent_at === null ? null : Number(r.sent_at),
  createdAt: Number(r.created_at),
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Notices, their batching slots, preferences and short links (issue #31; queries live in
 * repositories, issue #14 §7). A notice is a row with a unique key, written before any provider is
 * called, so however many instances plan it, it exists once (docs/decisions/035).
 */
export function notificationRepository(db: Db, clock: () => number) {
  return {
    /** Records a notice; false when one with this key exists already (planned by another instance). */
    async insert(n: NewNotice): Promise<boolean> {
      const res = await db
        .insertInto('notifications')
        .values({
          key: n.key,
          kind: n.kind,
          channel: n.channel,
          user_id: n.userId,
          subject_id: n.subjectId,
          payload: JSON.stringify(n.payload),
          due_at: n.dueAt,
          state: 'pending',
          attempts: 0,
          last_error: null,
          claimed_at: null,
          enqueued_at: null,
          sent_at: null,
          created_at: clock(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async get(key: string): Promise<NoticeRow | null> {
      const r = await db.selectFrom('notifications').selectAll().where('key', '=', key).executeTakeFirst();
      return r ? toRow(r) : null;
    },
    /** Pending notices whose time has come and that no job carries (never enqueued, or long ago). */
    async due(now: number, requeueBefore: number, limit = 500): Promise<NoticeRow[]> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('state', '=', 'pending')
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('enqueued_at', 'is', null), eb('enqueued_at', '<', requeueBefore)]))
        .orderBy('due_at')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },
    /** Notices claimed before `before` and never finished: their sender died mid-call. */
    async stale(before: number, limit = 100): Promise<NoticeRow[]> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('state', '=', 'sending')
        .where('claimed_at', '<', before)
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },
    async markEnqueued(key: string, now: number): Promise<void> {
      await db.updateTable('notifications').set({ enqueued_at: now }).where('key', '=', key).execute();
    },
    /**
     * Claims the notice for one send (compare-and-set on its state and claim time): only one worker of
     * any instance wins; the others see false and leave it alone.
     */
    async claim(n: NoticeRow, now: number): Promise<boolean> {
      let q = db
        .updateTable('notifications')
        .set({ state: 'sending', claimed_at: now, attempts: n.attempts + 1 })
        .where('key', '=', n.key)
        .where('state', '=', n.state)
        .where('attempts', '=', n.attempts);
      q = n.claimedAt === null ? q.where('claimed_at', 'is', null) : q.where('claimed_at', '=', n.claimedAt);
      return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    },
    async finish(key: string, state: 'sent' | 'skipped' | 'failed', detail: string | null): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ state, last_error: detail?.slice(0, 300) ?? null, ...(state === 'sent' ? { sent_at: clock() } : {}) })
        .where('key', '=', key)
        .execute();
    },
    /** Back to pending after a refused send (the queue retries), or later (quiet hours). */
    async release(key: string, error: string | null, dueAt?: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({
          state: 'pending',
          claimed_at: null,
          ...(error !== null ? { last_error: error.slice(0, 300) } : {}),
          ...(dueAt !== undefined ? { due_at: dueAt, enqueued_at: null } : {}),
        })
        .where('key', '=', key)
        .execute();
    },
    /** A person's own notices, newest first (我的数据, issue #27 item 16). */
    async ofUser(userId: string): Promise<NoticeRow[]> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('due_at', 'desc')
        .limit(1000)
        .execute();
      return rows.map(toRow);
    },
    async list(state: NoticeState, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('state', '=', state)
        .orderBy('due_at', 'desc')
        .limit(limit)
        .execute();
      const total = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', state)
        .executeTakeFirstOrThrow();
      return { rows: rows.map(toRow), total: Number(total.n) };
    },

    /**
     * Batching (issue #31: at most one notice of a kind per person per `windowMs`): the slot's row is
     * locked, so two instances planning at once agree. Answers when the next notice is due and since
     * when it counts, or null when a notice already waiting will carry this event too.
     */
    async takeSlot(
      userId: string,
      kind: string,
      now: number,
      windowMs: number,
      /** Moves a due time out of quiet hours, so events during the night join the one 08:00 notice. */
      adjust: (t: number) => number = (t) => t,
    ): Promise<{ due: number; since: number } | null> {
      return db.transaction().execute(async (tx) => {
        await tx
          .insertInto('notice_slots')
          .values({ user_id: userId, kind, last_due_at: 0 })
          .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
          .execute();
        let q = tx.selectFrom('notice_slots').select('last_due_at').where('user_id', '=', userId).where('kind', '=', kind);
        if (db.dialect === 'postgres') q = q.forUpdate();
        const last = Number((await q.executeTakeFirstOrThrow()).last_due_at);
        if (last > now) return null;
        const due = adjust(last > now - windowMs ? last + windowMs : now);
        await tx.updateTable('notice_slots').set({ last_due_at: due }).where('user_id', '=', userId).where('kind', '=', kind).execute();
        return { due, since: last > 0 ? last : now - windowMs };
      });
    },

    async preferences(userId: string): Promise<NotificationPreferencesInput> {
      const r = await db.selectFrom('notification_prefs').selectAll().where('user_id', '=', userId).executeTakeFirst();
      if (!r) return { ...DEFAULT_PREFERENCES };
      return { caseReplies: r.case_replies === 1, courseReminders: r.course_reminders === 1, sms: r.sms === 1, wechat: r.wechat === 1 };
    },
    async savePreferences(userId: string, p: NotificationPreferencesInput): Promise<void> {
      const values = {
        case_replies: p.caseReplies ? 1 : 0,
        course_reminders: p.courseReminders ? 1 : 0,
        sms: p.sms ? 1 : 0,
        wechat: p.wechat ? 1 : 0,
        updated_at: clock(),
      };
      await db
        .insertInto('notification_prefs')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** A new `/c/<token>` link into a case: 128 random bits, only their SHA-256 kept. */
    async createLink(caseId: string, userId: string, ttlMs: number): Promise<string> {
      const token = randomBytes(16).toString('base64url');
      const now = clock();
      await db
        .insertInto('short_links')
        .values({ token_hash: sha256(token), case_id: caseId, user_id: userId, expires_at: now + ttlMs, created_at: now })
        .execute();
      return token;
    },
    /** The case a link opens; 'expired' for a link past its time; null for no such link. */
    async resolveLink(token: string): Promise<{ caseId: string } | 'expired' | null> {
      const r = await db
        .selectFrom('short_links')
        .select(['case_id', 'expires_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!r) return null;
      return Number(r.expires_at) <= clock() ? 'expired' : { caseId: r.case_id };
    },
    /** Notices finished more than RETENTION.noticeDays ago are dropped, as the 隐私政策 says (the staff's list and 我的数据 show the recent ones). */
    async purgeNotices(now: number): Promise<void> {
      await db
        .deleteFrom('notifications')
        .where('state', 'in', ['sent', 'skipped', 'failed'])
        .where('due_at', '<', now - RETENTION.noticeDays * DAY_MS)
        .execute();
    },
    /** Links expired more than a month ago are dropped (an expired one still says "expired" for a while). */
    async purgeLinks(now: number): Promise<void> {
      await db
        .deleteFrom('short_links')
        .where('expires_at', '<', now - 30 * 86_400_000)
        .execute();
    },

    /** Everyone holding the advisor role (on-duty profiles come with the console issue). */
    async advisors(): Promise<string[]> {
      const rows = await db.selectFrom('user_roles').select('user_id').where('role', '=', 'advisor').orderBy('user_id').execute();
      return rows.map((r) => r.user_id);
    },
    async isAdvisor(userId: string): Promise<boolean> {
      const r = await db
        .selectFrom('user_roles')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('role', '=', 'advisor')
        .executeTakeFirst();
      return r !== undefined;
    },
    /** Where a person can be reached: their number, and their WeChat openid when bound. */
    async address(userId: string): Promise<{ mobile: string; openid: string | null } | null> {
      const r = await db
        .selectFrom('users')
        .leftJoin('wechat_bindings', 'wechat_bindings.user_id', 'users.id')
        .select(['users.mobile', 'wechat_bindings.openid'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return r ? { mobile: r.mobile, openid: r.openid ?? null } : null;
    },
    /** Cases opened in (since, until] still waiting for an answer, and how many of them are red-flag. */
    async newCases(since: number, until: number): Promise<{ count: number; flagged: number }> {
      const r = await db
        .selectFrom('cases')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('red_flag').as('flagged')])
        .where('created_at', '>', since)
        .where('created_at', '<=', until)
        .where('queue_rank', '<=', 1)
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), flagged: Number(r.flagged ?? 0) };
    },
    /** Waiting cases that began waiting after `since` (candidates for the overdue notice). */
    async waitingSince(since: number): Promise<{ id: string; queueAt: number; redFlag: boolean }[]> {
      const rows = await db
        .selectFrom('cases')
        .select(['id', 'queue_at', 'red_flag'])
        .where('queue_rank', '<=', 1)
        .where('queue_at', '>', since)
        .execute();
      return rows.map((r) => ({ id: r.id, queueAt: Number(r.queue_at), redFlag: Number(r.red_flag) === 1 }));
    },
    async caseState(caseId: string): Promise<CaseState | null> {
      const r = await db
        .selectFrom('cases')
        .select(['user_id', 'queue_rank', 'queue_at', 'notify_sms', 'user_read_at', 'last_reply_at'])
        .where('id', '=', caseId)
        .executeTakeFirst();
      return r
        ? {
            userId: r.user_id,
            queueRank: Number(r.queue_rank),
            queueAt: Number(r.queue_at),
            notifySms: Number(r.notify_sms) === 1,
            userReadAt: Number(r.user_read_at),
            lastReplyAt: r.last_reply_at === null ? null : Number(r.last_reply_at),
          }
        : null;
    },
  };
}
export type NotificationRepository = ReturnType<typeof notificationRepository>;
