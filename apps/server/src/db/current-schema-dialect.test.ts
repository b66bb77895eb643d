import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, privateSchema } from '../../test/support/pg-schema.ts';
import { CurrentSchemaPostgresDialect } from './current-schema-dialect.ts';
import { migrate, openDatabase, type Db } from './database.ts';

const PG = process.env.TEST_DATABASE_URL;

/** Kysely on `url` with `dialect`, for comparing ours with the stock one. */
const kysely = (url: string, make: (pool: pg.Pool) => Dialect) =>
  new Kysely<unknown>({ dialect: make(new pg.Pool({ connectionString: url, max: 2 })) });

describe.skipIf(!PG)('introspection of the connection’s own schema (PostgreSQL)', () => {
  let schema: { url: string; schema: string; drop: () => Promise<void> };
  let other: string;
  let db: Db;
  beforeAll(async () => {
    schema = await privateSchema(PG!);
    db = openDatabase(schema.url, '');
    await migrate(db);
    other = `other_${randomBytes(5).toString('hex')}`;
    await adminQuery(PG!, `create schema ${other}; create table ${other}.elsewhere (id serial primary key, note text)`);
  });
  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
    if (other) await adminQuery(PG!, `drop schema if exists ${other} cascade`);
  });

  it('lists this schema’s tables and columns as the stock introspector does, and no other schema’s', async () => {
    const stock = kysely(schema.url, (pool) => new PostgresDialect({ pool }));
    try {
      const theirs = (await stock.introspection.getTables({ withInternalKyselyTables: true })).filter((t) => t.schema === schema.schema);
      const ours = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(ours.map((t) => t.name)).toContain('users');
      expect(ours.map((t) => t.schema)).toEqual(ours.map(() => schema.schema));
      expect(ours.some((t) => t.name === 'elsewhere')).toBe(false);
      const shape = (ts: typeof ours) =>
        ts.map((t) => ({ ...t, columns: t.columns.map(({ comment: _c, ...c }) => c) })).sort((a, b) => a.name.localeCompare(b.name));
      expect(shape(ours)).toEqual(shape(theirs));
      // Kysely's own bookkeeping tables only when asked for.
      const plain = (await db.introspection.getTables()).map((t) => t.name);
      expect(plain).not.toContain('kysely_migration');
      expect(ours.map((t) => t.name)).toContain('kysely_migration');
    } finally {
      await stock.destroy();
    }
  });

  // What the migrator does before it migrates, while another schema's tables come and go: the stock
  // introspector fails here ("column … of relation … does not exist"), as a server's start did when
  // a test elsewhere dropped its schema.
  const churn = async (make: (pool: pg.Pool) => Dialect) => {
    const k = kysely(schema.url, make);
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    let running = true;
    const columns = Array.from({ length: 40 }, (_, i) => `c${i} text`).join(', ');
    const dropper = (async () => {
      while (running) {
        await admin.query(`create table ${other}.churn (${columns})`);
        await admin.query(`drop table ${other}.churn`);
      }
    })();
    try {
      for (let i = 0; i < 150; i++) await k.introspection.getTables({ withInternalKyselyTables: true });
    } finally {
      running = false;
      await dropper;
      await admin.end();
      await k.destroy();
    }
  };

  it('is not disturbed by tables dropped in another schema meanwhile', async () => {
    await churn((pool) => new CurrentSchemaPostgresDialect({ pool }));
  });
});
