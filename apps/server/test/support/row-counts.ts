import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * Tables that hold what a user owns or a login creates (issue #7 §1: nothing is written when input is
 * refused). `counters` and `used_salts` are left out on purpose: refused attempts count toward the
 * limits and a claimed salt stays claimed (design §6).
 */
const USER_OWNED_TABLES = [
  'users',
  'user_roles',
  'cases',
  'case_messages',
  'case_photos',
  'sessions',
  'sms_codes',
  'physical_records',
  'favorites',
  'view_history',
  'moxa_sessions',
  'consents',
  // Issue #27 item 16: a refused export leaves no audit entry either.
  'audit_events',
  'wechat_bindings',
  'wechat_tickets',
  // Issue #33 item 5: not a user's, but a refused page-speed report stores nothing either.
  'web_vitals',
  // Issue #31: courses, notice settings, notices and their batching slots, short links.
  'courses',
  'notification_prefs',
  'notifications',
  'notice_slots',
  'short_links',
  // Issue #29: a refused console request leaves no revision or version behind.
  'content_revisions',
  'content_versions',
  // Issue #30: a refused upload stores no object and no file.
  'media_objects',
  'media_files',
  // Issue #30: advisor profiles (a refused profile or duty change writes nothing).
  'advisor_profiles',
  // Decision 045: a refused preview request stores no preview token.
  'content_previews',
] as const;

/** Row counts of every user-owned table, in one round trip. */
export async function countUserRows(db: Db): Promise<Record<string, number>> {
  const columns = USER_OWNED_TABLES.map((t) => sql`(select count(*) from ${sql.table(t)}) as ${sql.ref(t)}`);
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(db);
  return Object.fromEntries(USER_OWNED_TABLES.map((t) => [t, Number(rows[0]?.[t] ?? -1)]));
}
