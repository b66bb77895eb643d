import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { randomInt } from 'node:crypto';
import { advisorDisplayName, isLegacyDefaultName, randomDisplayName } from '@moxa/core/login/display-name';
import type { Database } from './schema.ts';

/**
 * One set of migrations for SQLite and PostgreSQL (issue #2): only portable types — text, integer,
 * bigint — and JSON kept as text; binary photo bytes (issue #17) are the one type named per dialect.
 */
const migrations: Record<string, Migration> = {
  '001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mobile', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('avatar_url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('sms_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'created_at']).execute();
      await db.schema
        .createTable('counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('used_salts')
        .addColumn('salt', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wechat_bindings')
        .addColumn('openid', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wechat_tickets')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('openid', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('content_meta')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('loaded_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('meridians')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('acupoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('meridian', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('common', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('acupoints_meridian').on('acupoints').columns(['meridian', 'position']).execute();
      await db.schema
        .createTable('chart_views')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('svg', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('constitution_docs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('physical_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('primary_type', 'text')
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('physical_records_user').on('physical_records').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'physical_records',
        'constitution_docs',
        'chart_views',
        'acupoints',
        'meridians',
        'content_meta',
        'wechat_tickets',
        'wechat_bindings',
        'used_salts',
        'counters',
        'sms_codes',
        'sessions',
        'users',
      ]) {
        await sql`drop table if exists ${sql.table(t)}`.execute(db);
      }
    },
  },
  // Issue #13 item 6: an idle timeout on top of the absolute expiry, and purging by expiry.
  '002_session_idle': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_expires').execute();
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    },
  },
  // Issue #13 item 1: OAuth state started by the app, and tickets tied to it.
  '003_wechat_oauth': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wechat_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.alterTable('wechat_tickets').addColumn('state_hash', 'text').execute();
      await db.schema
        .alterTable('wechat_tickets')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('bind'))
        .execute();
      await db.schema.alterTable('wechat_tickets').addColumn('user_id', 'text').execute();
      // Tickets from before states existed cannot be tied to one: they go.
      await sql`delete from wechat_tickets`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wechat_states').execute();
      await db.schema.alterTable('wechat_tickets').dropColumn('user_id').execute();
      await db.schema.alterTable('wechat_tickets').dropColumn('kind').execute();
      await db.schema.alterTable('wechat_tickets').dropColumn('state_hash').execute();
    },
  },
  // Issue #14 §1: every content kind in one table, keyed by (kind, id), written by the generic loader.
  '004_content_items': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_items')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_items_pk', ['kind', 'id'])
        .execute();
      await db.schema.createIndex('content_items_order').on('content_items').columns(['kind', 'position']).execute();
      for (const t of ['meridians', 'acupoints', 'chart_views', 'constitution_docs']) await db.schema.dropTable(t).ifExists().execute();
      // The next start loads every kind afresh into the new table.
      await sql`delete from content_meta`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      // Back to 003's tables, empty: the older loader fills them on its next start.
      await db.schema.dropTable('content_items').execute();
      await sql`delete from content_meta`.execute(db);
      for (const t of ['meridians', 'constitution_docs'])
        await db.schema
          .createTable(t)
          .addColumn('id', 'text', (c) => c.primaryKey())
          .$call((b) => (t === 'meridians' ? b.addColumn('position', 'integer', (c) => c.notNull()) : b))
          .addColumn('data', 'text', (c) => c.notNull())
          .execute();
      await db.schema
        .createTable('acupoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('meridian', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('common', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('chart_views')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('svg', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Issue #14 §6: roles beyond `user` (which everyone has), granted with `npm run user -- grant`.
  '005_user_roles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
        .execute();
      await db.schema.createIndex('user_roles_role').on('user_roles').columns(['role', 'user_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_roles').execute();
    },
  },
  // Issue #16: view counts per video (who viewed is never stored: see videos/view-counter.ts).
  '006_video_views': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('video_views')
        .addColumn('video_id', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('video_views').execute();
    },
  },
  // Issue #17: consultation cases, their messages and photos. Photos live in the database, so every
  // instance serves them; deleting a case deletes both (foreign keys cascade).
  '007_cases': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('complaint', 'text', (c) => c.notNull())
        .addColumn('red_flag', 'integer', (c) => c.notNull())
        .addColumn('notify_sms', 'integer', (c) => c.notNull())
        .addColumn('history', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('user_read_at', 'bigint', (c) => c.notNull())
        .addColumn('last_reply_at', 'bigint')
        .execute();
      await db.schema.createIndex('cases_user').on('cases').columns(['user_id', 'updated_at']).execute();
      await db.schema.createIndex('cases_status').on('cases').columns(['status', 'created_at']).execute();
      await db.schema
        .createTable('case_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('advisor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('recommendation', 'text')
        .addColumn('internal', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('case_messages_case').on('case_messages').columns(['case_id', 'seq']).unique().execute();
      await db.schema
        .createTable('case_photos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('case_photos_case').on('case_photos').columns(['case_id', 'position']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['case_photos', 'case_messages', 'cases']) await db.schema.dropTable(t).execute();
    },
  },
  // Issue #18: favourites and browsing history per account (the device keeps its own while logged
  // out, merged in after login). One row per (user, kind, item); the title is a snapshot for content
  // that has since gone. Deleting history deletes the rows; deleting the user cascades.
  '008_favorites_history': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favorites')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'kind', 'item_id'])
        .execute();
      await db.schema.createIndex('favorites_user_time').on('favorites').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('view_history')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('viewed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('view_history_pk', ['user_id', 'kind', 'item_id'])
        .execute();
      await db.schema.createIndex('view_history_user_time').on('view_history').columns(['user_id', 'viewed_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['view_history', 'favorites']) await db.schema.dropTable(t).execute();
    },
  },
  '009_moxa_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('moxa_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('source_kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint', (c) => c.notNull())
        .addColumn('points', 'text', (c) => c.notNull())
        .addColumn('feeling', 'integer')
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('reactions', 'text', (c) => c.notNull())
        .addColumn('course_length', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One row per device-made session, whatever retries or imports bring it again.
      await db.schema.createIndex('moxa_sessions_client').on('moxa_sessions').columns(['user_id', 'client_id']).unique().execute();
      await db.schema.createIndex('moxa_sessions_user').on('moxa_sessions').columns(['user_id', 'started_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('moxa_sessions').execute();
    },
  },
  // Issue #26: queries that found nothing, counted per normalised query (no user, no address, no
  // time of a single search), so editors can add the everyday names people use.
  '010_search_misses': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_misses')
        .addColumn('query', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('search_misses').execute();
    },
  },
  // Issue #27 items 15 and 17: the consent ledger. One row per grant (purpose, policy version, the
  // birth year asked), closed by `withdrawn_at`; a later grant is a new row, so the history stays.
  '014_consents': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('consents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('policy_version', 'text', (c) => c.notNull())
        .addColumn('birth_year', 'integer', (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addColumn('withdrawn_at', 'bigint')
        .execute();
      await db.schema.createIndex('consents_user_purpose').on('consents').columns(['user_id', 'purpose', 'granted_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('consents').execute();
    },
  },
  // Issue #27 item 16: the append-only audit trail (exports first; the console issue #29 adds more).
  // `detail` is JSON without personal data; no foreign key, so an entry outlives the account it names.
  '015_audit_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
      await db.schema.createIndex('audit_events_actor').on('audit_events').columns(['actor_id', 'at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_events').execute();
    },
  },
  // Issue #27 item 13: names never show digits of a number. Accounts still called 用户 + the last 4
  // digits of their number get 用户 + a random id; advisors' replies signed 顾问 + 4 digits get the
  // advisor's new name (顾问 alone when the advisor has left).
  '016_display_names': {
    async up(db: Kysely<unknown>) {
      const k = db as Kysely<Database>;
      const users = await k.selectFrom('users').select(['id', 'mobile', 'name']).execute();
      const names = new Map(users.map((u) => [u.id, u.name]));
      for (const u of users) {
        if (!isLegacyDefaultName(u.name, u.mobile)) continue;
        const name = randomDisplayName(randomInt);
        names.set(u.id, name);
        await k.updateTable('users').set({ name }).where('id', '=', u.id).execute();
      }
      const replies = await k
        .selectFrom('case_messages')
        .select(['id', 'advisor_id', 'author_name'])
        .where('author', '=', 'advisor')
        .execute();
      for (const m of replies) {
        if (!m.author_name || !/^顾问[0-9]{4}$/.test(m.author_name)) continue;
        const advisor = m.advisor_id ? names.get(m.advisor_id) : undefined;
        const authorName = advisor ? advisorDisplayName(advisor) : '顾问';
        await k.updateTable('case_messages').set({ author_name: authorName }).where('id', '=', m.id).execute();
      }
    },
    async down() {
      // The old names were digits of phone numbers: they are not brought back.
    },
  },
  // Issue #27 item 3: tombstones of deleted accounts and cases (ids only, no personal data), so that
  // scripts/restore.ts re-applies deletions made after the backup it restores. On PostgreSQL, the
  // tables holding health data are also autovacuumed after any deletion, behind the VACUUM that
  // follows each deletion (db/database.ts afterSensitiveDelete).
  '013_deletion_tombstones': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deletions')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('deletions_pk', ['kind', 'id'])
        .execute();
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        for (const table of ['cases', 'case_messages', 'case_photos', 'physical_records', 'moxa_sessions']) {
          await sql`alter table ${sql.table(table)} set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1)`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deletions').execute();
    },
  },
  // Issue #27 items 1 and 10: a code's purpose (a login code never authorises a step-up, nor the other
  // way round; a new code ends only earlier codes of its purpose) and who asked for it (a keyed hash
  // of the client's address bucket), so other clients' wrong tries never kill the owner's code.
  '011_sms_code_purpose': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sms_codes')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('login'))
        .execute();
      await db.schema.alterTable('sms_codes').addColumn('requester', 'text').execute();
      await db.schema.createIndex('sms_codes_mobile_purpose').on('sms_codes').columns(['mobile', 'purpose']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sms_codes_mobile_purpose').execute();
      await db.schema.alterTable('sms_codes').dropColumn('requester').execute();
      await db.schema.alterTable('sms_codes').dropColumn('purpose').execute();
    },
  },
  // Issue #27 item 4: the advisors' queue pages by keyset on (queue_rank, queue_at, id): red-flag
  // cases waiting for an answer first, then the longest waiting (schema.ts). Existing cases take
  // their last change as the time they entered their group.
  '012_case_queue': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('cases')
        .addColumn('queue_rank', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('cases')
        .addColumn('queue_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update cases set queue_at = updated_at, queue_rank = case
        when status = 'closed' then 4 when status = 'replied' then 3 - red_flag else 1 - red_flag end`.execute(db);
      await db.schema.dropIndex('cases_status').execute();
      await db.schema.createIndex('cases_queue').on('cases').columns(['queue_rank', 'queue_at', 'id']).execute();
      await db.schema.createIndex('cases_status_queue').on('cases').columns(['status', 'queue_rank', 'queue_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('cases_status_queue').execute();
      await db.schema.dropIndex('cases_queue').execute();
      await db.schema.createIndex('cases_status').on('cases').columns(['status', 'created_at']).execute();
      await db.schema.alterTable('cases').dropColumn('queue_at').execute();
      await db.schema.alterTable('cases').dropColumn('queue_rank').execute();
    },
  },
  // Issue #32 item 3: a session ended with 结束 before its last point is logged with what was done,
  // marked as ended early (0/1: integer is the portable boolean here). Earlier sessions were complete.
  '017_moxa_ended_early': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('moxa_sessions')
        .addColumn('ended_early', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('moxa_sessions').dropColumn('ended_early').execute();
    },
  },
  // Issue #33 item 5: real users' Core Web Vitals, sampled; no personal data (decision 034). Rows older
  // than RETENTION.vitalsDays are deleted by the daily retention job. 017 is the ended-early mark.
  '018_web_vitals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('web_vitals')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('lcp', 'integer')
        .addColumn('inp', 'integer')
        .addColumn('cls', 'integer')
        .addColumn('ttfb', 'integer')
        .execute();
      await db.schema.createIndex('web_vitals_day_route').on('web_vitals').columns(['day', 'route']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('web_vitals').execute();
    },
  },
  // Issue #31: the job table of the in-process runner used on SQLite (jobs/sqlite-queue.ts; on
  // PostgreSQL pg-boss keeps its own tables). One queued or running job per (name, singleton key).
  '020_jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('singleton_key', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('retry_count', 'integer', (c) => c.notNull())
        .addColumn('retry_limit', 'integer', (c) => c.notNull())
        .addColumn('retry_delay', 'integer', (c) => c.notNull())
        .addColumn('retry_backoff', 'integer', (c) => c.notNull())
        .addColumn('expire_seconds', 'integer', (c) => c.notNull())
        .addColumn('start_after', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`create unique index jobs_singleton on jobs (name, singleton_key) where state in ('created', 'retry', 'active')`.execute(db);
      await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'start_after']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jobs').execute();
    },
  },
  // Issue #31: notices (one row per notice and channel, keyed so a notice exists once however many
  // instances plan it), the per-advisor slot that batches new-case notices, preferences, short links
  // back into a case, and course reminders (疗程提醒).
  '021_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subject_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('claimed_at', 'bigint')
        .addColumn('enqueued_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_due').on('notifications').columns(['state', 'due_at']).execute();
      await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'kind', 'due_at']).execute();
      await db.schema
        .createTable('notice_slots')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('last_due_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_slots_pk', ['user_id', 'kind'])
        .execute();
      await db.schema
        .createTable('notification_prefs')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('case_replies', 'integer', (c) => c.notNull())
        .addColumn('course_reminders', 'integer', (c) => c.notNull())
        .addColumn('sms', 'integer', (c) => c.notNull())
        .addColumn('wechat', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('short_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('short_links_expiry').on('short_links').column('expires_at').execute();
      await db.schema
        .createTable('courses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('scheme_kind', 'text', (c) => c.notNull())
        .addColumn('scheme_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('minute', 'integer', (c) => c.notNull())
        .addColumn('sessions', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pause_reason', 'text')
        .addColumn('pauses', 'text', (c) => c.notNull())
        .addColumn('first_day', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('courses_user').on('courses').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('courses_status').on('courses').column('status').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['courses', 'short_links', 'notification_prefs', 'notice_slots', 'notifications'])
        await db.schema.dropTable(t).execute();
    },
  },
  // Issue #29 "Where content lives": the published content sources, one row per file of the content
  // folder's layout; content/ is the seed (docs/decisions/037-content-in-the-database.md). `seed_hash` is
  // the sha256 of the seed text last imported into the row (null when the file was created in the console).
  '022_content_sources': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_sources')
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('seed_hash', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_sources').execute();
    },
  },
  // Issue #29: the console's editorial workflow. Sessions learn whether an SMS code logged them in and
  // when they last used the console (fresh login within 12 h, idle 30 min); content revisions move
  // draft → in_review → approved → published; every published version of an item is kept.
  '023_console_workflow': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('sms_login_at', 'bigint').execute();
      await db.schema.alterTable('sessions').addColumn('console_seen_at', 'bigint').execute();
      await db.schema
        .createTable('content_revisions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('is_new', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('findings', 'text', (c) => c.notNull())
        .addColumn('based_on', 'integer')
        // The hash of the item's published source the draft started from: a deploy's edit changes it too.
        .addColumn('base_hash', 'text')
        .addColumn('rollback_of', 'integer')
        // No foreign key to users: a revision and its authorship outlive a deleted account (as audit_events).
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('reviewer_id', 'text')
        .addColumn('comment', 'text')
        .addColumn('publish_at', 'bigint')
        .addColumn('published_at', 'bigint')
        .addColumn('version', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('submitted_at', 'bigint')
        .addColumn('claimed_at', 'bigint')
        .execute();
      await db.schema.createIndex('content_revisions_item').on('content_revisions').columns(['kind', 'item_id', 'state']).execute();
      await db.schema.createIndex('content_revisions_state').on('content_revisions').columns(['state', 'publish_at']).execute();
      // At most one open revision per item, whichever instance is asked.
      await sql`create unique index content_revisions_open on content_revisions (kind, item_id) where state in ('draft', 'in_review', 'approved', 'rejected')`.execute(
        db,
      );
      await db.schema
        .createTable('content_versions')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('revision_id', 'text')
        .addColumn('author_id', 'text')
        .addColumn('reviewer_id', 'text')
        .addColumn('rollback_of', 'integer')
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_versions_pk', ['kind', 'item_id', 'version'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_versions').execute();
      await db.schema.dropTable('content_revisions').execute();
      await db.schema.alterTable('sessions').dropColumn('console_seen_at').execute();
      await db.schema.alterTable('sessions').dropColumn('sms_login_at').execute();
    },
  },
  // Issue #30 (decision 041): the media library. An object keeps its id for life; each upload or
  // replacement writes its variants as media_files rows (bytes here, or an object key in S3-compatible
  // storage), the old version's rows marked replaced. published_at is set once published content
  // references the object; until then /media answers 404 for it.
  '024_media': {
    async up(db: Kysely<unknown>) {
      const pgsql = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('media_objects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('alt', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', 'integer')
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('published_at', 'bigint')
        .execute();
      await db.schema.createIndex('media_objects_updated').on('media_objects').columns(['updated_at', 'id']).execute();
      await db.schema
        .createTable('media_files')
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('object_id', 'text', (c) => c.notNull().references('media_objects.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('object_key', 'text')
        .addColumn('bytes', pgsql ? 'bytea' : 'blob')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('replaced_at', 'bigint')
        .execute();
      await db.schema.createIndex('media_files_object').on('media_files').columns(['object_id', 'version']).execute();
      // Range requests read slices with substr(); uncompressed out-of-line storage makes that a seek.
      if (pgsql) await sql`alter table media_files alter column bytes set storage external`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('media_files').execute();
      await db.schema.dropTable('media_objects').execute();
    },
  },
  // Issue #30: advisor profiles (docs/decisions/043). The approved display fields users see, the
  // submitted ones waiting for a reviewer (pending_*), the last refusal's comment, and the on-duty
  // flag the notifier reads. One row per advisor, gone with the account.
  '025_advisor_profiles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('advisor_profiles')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text')
        .addColumn('title', 'text')
        .addColumn('introduction', 'text')
        .addColumn('photo', 'text')
        .addColumn('approved_by', 'text')
        .addColumn('approved_at', 'bigint')
        .addColumn('pending', 'text')
        .addColumn('pending_by', 'text')
        .addColumn('pending_at', 'bigint')
        .addColumn('comment', 'text')
        .addColumn('on_duty', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('advisor_profiles_duty').on('advisor_profiles').column('on_duty').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('advisor_profiles').execute();
    },
  },
  // Issue #29/#30 (decision 045): a console preview answered by any instance. The token's SHA-256 (the
  // token itself is never stored), the revision an instance compiles again on its first request with
  // it, and its expiry (expired rows are purged with the other expired rows, server.ts).
  '027_content_previews': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_previews')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('revision_id', 'text', (c) => c.notNull().references('content_revisions.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_previews_expires').on('content_previews').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_previews').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
