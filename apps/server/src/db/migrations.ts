import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

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
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
