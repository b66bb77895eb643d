import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

type TicketKind = 'bind' | 'login';
/** A live ticket: the WeChat account it proves and, for `login`, the account it is bound to. */
type WechatTicket = { openid: string; userId: string | null };
type WechatBinding = { openid: string; userId: string };

/**
 * WeChat OAuth states, tickets and bindings (issue #13 item 1; issue #14 §7: queries live in
 * repositories, not in routes). States and tickets are bearer values: only their SHA-256 is stored.
 */
export function wechatRepository(db: Db, clock: () => number) {
  return {
    /** Issues a state for one tab's round trip (160 random bits, hex); stored hashed until `ttlMs` passes. */
    async issueState(returnTo: string, ttlMs: number): Promise<string> {
      const stateValue = randomBytes(20).toString('hex');
      await db
        .insertInto('wechat_states')
        .values({ state_hash: hash(stateValue), return_to: returnTo, expires_at: clock() + ttlMs, used_at: null })
        .execute();
      return stateValue;
    },

    /** Uses up a state this server issued (once, before it expires); null when it is not one. */
    async consumeState(stateValue: string): Promise<{ stateHash: string; returnTo: string } | null> {
      const stateHash = hash(stateValue);
      const now = clock();
      const row = await db.selectFrom('wechat_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
      if (!row || row.used_at !== null || Number(row.expires_at) <= now) return null;
      const used = await db
        .updateTable('wechat_states')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? { stateHash, returnTo: row.return_to } : null;
    },

    /** Issues a ticket of `kind` tied to a consumed state (`stateHash` from consumeState); answers the ticket value. */
    async issueTicket(
      values: { openid: string; stateHash: string; kind: TicketKind; userId: string | null },
      ttlMs: number,
    ): Promise<string> {
      const ticketValue = randomBytes(24).toString('base64url');
      await db
        .insertInto('wechat_tickets')
        .values({
          ticket_hash: hash(ticketValue),
          openid: values.openid,
          expires_at: clock() + ttlMs,
          state_hash: values.stateHash,
          kind: values.kind,
          user_id: values.userId,
        })
        .execute();
      return ticketValue;
    },

    /** A live ticket of `kind` issued under this state; null otherwise. Does not use it up (see dropTicket). */
    async findTicket(ticketValue: string, stateValue: string, kind: TicketKind): Promise<WechatTicket | null> {
      const row = await db
        .selectFrom('wechat_tickets')
        .selectAll()
        .where('ticket_hash', '=', hash(ticketValue))
        .where('expires_at', '>', clock())
        .executeTakeFirst();
      if (!row || row.kind !== kind || row.state_hash !== hash(stateValue)) return null;
      return { openid: row.openid, userId: row.user_id };
    },

    /** Uses up a ticket (single use). */
    async dropTicket(ticketValue: string): Promise<void> {
      await db.deleteFrom('wechat_tickets').where('ticket_hash', '=', hash(ticketValue)).execute();
    },

    /** The account this WeChat account is bound to, or null. */
    async userIdOf(openid: string): Promise<string | null> {
      const row = await db.selectFrom('wechat_bindings').select('user_id').where('openid', '=', openid).executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** The WeChat account bound to this user, or null. */
    async openidOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('wechat_bindings').select('openid').where('user_id', '=', userId).executeTakeFirst();
      return row?.openid ?? null;
    },

    /** Every binding of this WeChat account or of this user (at most one each). */
    async bindingsOf(openid: string, userId: string): Promise<WechatBinding[]> {
      const rows = await db
        .selectFrom('wechat_bindings')
        .selectAll()
        .where((eb) => eb.or([eb('openid', '=', openid), eb('user_id', '=', userId)]))
        .execute();
      return rows.map((r) => ({ openid: r.openid, userId: r.user_id }));
    },

    /** Binds the WeChat account to the user unless it is bound already; true when it is now bound to this user. */
    async bind(openid: string, userId: string): Promise<boolean> {
      await db
        .insertInto('wechat_bindings')
        .values({ openid, user_id: userId, created_at: clock() })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return (await this.userIdOf(openid)) === userId;
    },

    /** Removes the user's binding, if any. */
    async unbind(userId: string): Promise<void> {
      await db.deleteFrom('wechat_bindings').where('user_id', '=', userId).execute();
    },

    /** The account a binding or ticket points to (it exists: bindings and tickets reference users). */
    async account(userId: string): Promise<{ id: string; name: string; avatarUrl: string; mobile: string }> {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      return { id: user.id, name: user.name, avatarUrl: user.avatar_url, mobile: user.mobile };
    },
  };
}
export type WechatRepository = ReturnType<typeof wechatRepository>;
