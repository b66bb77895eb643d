import { randomInt, randomUUID } from 'node:crypto';
import { randomDisplayName } from '@moxa/core/login/display-name';
import type { User } from '@moxa/core/login/login-info';
import { GRANTABLE_ROLES, type GrantableRole, type Role } from '@moxa/core/login/roles';
import type { Transaction } from 'kysely';
import { afterSensitiveDelete, recordDeletion, type Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { ObjectStore } from '../media/uploads/object-store.ts';

type UserWithRoles = { id: string; mobile: string; name: string; roles: Role[] };

const isGrantable = (role: string): role is GrantableRole => (GRANTABLE_ROLES as readonly string[]).includes(role);

/** Issue #30 (decision 043): how the replies of an advisor whose account was deleted are signed. */
export const ERASED_ADVISOR_NAME = '已注销的顾问';

/**
 * An advisor's profile photos (approved and waiting), deleted from the media library with the account
 * (its files cascade), unless published content or another advisor's profile uses the same upload.
 * Answers the object-storage keys of the deleted files, erased once the transaction has committed.
 */
async function deleteProfilePhotos(trx: Transaction<Database>, userId: string): Promise<string[]> {
  const row = await trx.selectFrom('advisor_profiles').select(['photo', 'pending']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return [];
  const objectKeys: string[] = [];
  const pending = row.pending ? (JSON.parse(row.pending) as { photo?: string | null }).photo : null;
  for (const ref of new Set([row.photo, pending])) {
    // Media ids are base32: nothing to escape in the LIKE patterns.
    const id = ref ? /^uploads\/([a-z2-7]{16})$/.exec(ref)?.[1] : undefined;
    if (!id) continue;
    const inContent = await trx.selectFrom('content_items').select('id').where('data', 'like', `%${id}%`).limit(1).executeTakeFirst();
    const inProfile = await trx
      .selectFrom('advisor_profiles')
      .select('user_id')
      .where('user_id', '!=', userId)
      .where((eb) => eb.or([eb('photo', '=', ref!), eb('pending', 'like', `%${id}%`)]))
      .limit(1)
      .executeTakeFirst();
    if (inContent || inProfile) continue;
    const files = await trx.selectFrom('media_files').select('object_key').where('object_id', '=', id).execute();
    objectKeys.push(...files.flatMap((f) => (f.object_key ? [f.object_key] : [])));
    await trx.deleteFrom('media_objects').where('id', '=', id).execute();
  }
  return objectKeys;
}

/**
 * Users and their roles (issue #14 §6, §7: queries live in repositories, not in routes). `objects`
 * erases a deleted account's files kept in object storage (the media store, decision 041).
 */
export function userRepository(db: Db, clock: () => number, objects?: Pick<ObjectStore, 'remove'>) {
  return {
    async findByMobile(e164: string): Promise<User | null> {
      const row = await db.selectFrom('users').select(['id', 'name', 'avatar_url']).where('mobile', '=', e164).executeTakeFirst();
      return row ? { id: row.id, name: row.name, avatarUrl: row.avatar_url } : null;
    },

    /**
     * The user with this number, created on first login (or first grant) with an empty avatar (issue #3)
     * and the name 用户 + a random id, never digits of the number (issue #27 item 13).
     */
    async findOrCreate(e164: string): Promise<User> {
      const existing = await this.findByMobile(e164);
      if (existing) return existing;
      await db
        .insertInto('users')
        .values({ id: randomUUID(), mobile: e164, name: randomDisplayName(randomInt), avatar_url: '', created_at: clock() })
        .onConflict((oc) => oc.column('mobile').doNothing())
        .execute();
      return (await this.findByMobile(e164))!;
    },

    /** Sets the user's 昵称 (issue #27 item 13; checked by the route's schema); answers the login info's user. */
    async rename(userId: string, name: string): Promise<User | null> {
      await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
      const row = await db.selectFrom('users').select(['id', 'name', 'avatar_url']).where('id', '=', userId).executeTakeFirst();
      return row ? { id: row.id, name: row.name, avatarUrl: row.avatar_url } : null;
    },

    /** Every role the user holds, `user` first. */
    async rolesOf(userId: string): Promise<Role[]> {
      const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
      const held = new Set(rows.map((r) => r.role));
      return ['user', ...GRANTABLE_ROLES.filter((r) => held.has(r))];
    },

    /** Grants a role; false when the user already had it. */
    async grant(userId: string, role: GrantableRole): Promise<boolean> {
      const res = await db
        .insertInto('user_roles')
        .values({ user_id: userId, role, granted_at: clock() })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Revokes a role; false when the user did not have it. */
    async revoke(userId: string, role: GrantableRole): Promise<boolean> {
      const res = await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /**
     * 注销账号 (《个人信息保护法》 §47): deletes the user row, and with it, by the foreign keys'
     * cascade, every session, WeChat binding, role, test record, consultation with its messages and
     * photos, favourite, history entry and moxibustion session; then what is keyed by the number or
     * the id without a foreign key (codes, pending WeChat tickets). One transaction: all or nothing.
     * An advisor's replies in other people's cases stay with the case (they are the user's consultation),
     * signed 已注销的顾问: the advisor's name and profile (with its photo, unless content or another
     * profile uses it) go with the account (issue #30, decision 043).
     */
    async deleteAccount(userId: string): Promise<boolean> {
      let objectKeys: string[] = [];
      const deleted = await db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirst();
        if (!user) return false;
        await trx.deleteFrom('sms_codes').where('mobile', '=', user.mobile).execute();
        await trx.deleteFrom('wechat_tickets').where('user_id', '=', userId).execute();
        await trx
          .updateTable('case_messages')
          .set({ author_name: ERASED_ADVISOR_NAME })
          .where('advisor_id', '=', userId)
          .where('author', '=', 'advisor')
          .execute();
        objectKeys = await deleteProfilePhotos(trx, userId);
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        // Issue #27 item 3: a restore of an older backup deletes the account again.
        await recordDeletion(trx, 'user', userId, clock());
        return true;
      });
      // Issue #27 item 3: no byte of the account left in the database files (checkpoint / VACUUM).
      if (deleted) await afterSensitiveDelete(db);
      // Nor in the bucket (objects.remove logs its own failure: the account is gone either way).
      if (deleted && objectKeys.length) await objects?.remove(objectKeys);
      return deleted;
    },

    /** Everyone holding a role beyond `user`, by mobile. */
    async listPrivileged(): Promise<UserWithRoles[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select(['users.id', 'users.mobile', 'users.name', 'user_roles.role'])
        .orderBy('users.mobile')
        .orderBy('user_roles.role')
        .execute();
      const byUser = new Map<string, UserWithRoles>();
      for (const r of rows) {
        const u = byUser.get(r.id) ?? { id: r.id, mobile: r.mobile, name: r.name, roles: ['user'] };
        if (isGrantable(r.role)) u.roles.push(r.role);
        byUser.set(r.id, u);
      }
      return [...byUser.values()];
    },
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
