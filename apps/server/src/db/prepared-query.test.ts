import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, useTestDb } from '../../test/support/test-app.ts';
import { preparedQuery } from './prepared-query.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.each(DIALECTS)('preparedQuery on %s (issue #6)', (dialect) => {
  const db = useTestDb(dialect);
  beforeEach(async () => {
    await db().deleteFrom('counters').execute();
    await db().deleteFrom('used_salts').execute();
  });

  const bump = (groupCommit: boolean) =>
    preparedQuery(
      db(),
      (v: { key: string; by: number }) =>
        db()
          .insertInto('counters')
          .values({ key: v.key, count: v.by, expires_at: 7 })
          .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql<number>`counters.count + ${v.by}` }))
          .returning(['key', 'count', 'expires_at']),
      { groupCommit },
    );

  it('binds each call’s values by name, repeated slots and constants included', async () => {
    for (const groupCommit of [false, true]) {
      const q = bump(groupCommit);
      expect(await q({ key: `a${groupCommit}`, by: 2 })).toEqual([{ key: `a${groupCommit}`, count: 2, expires_at: 7 }]);
      expect(await q({ key: `a${groupCommit}`, by: 3 })).toEqual([{ key: `a${groupCommit}`, count: 5, expires_at: 7 }]);
      expect(await q({ key: `b${groupCommit}`, by: 1 })).toEqual([{ key: `b${groupCommit}`, count: 1, expires_at: 7 }]);
    }
    const read = preparedQuery(db(), (v: { min: number }) =>
      db().selectFrom('counters').select('key').where('count', '>=', v.min).orderBy('key'),
    );
    expect(await read({ min: 2 })).toEqual([{ key: 'afalse' }, { key: 'atrue' }]);
  });

  it('refuses a slot used other than as a value', () => {
    const raw = (v: { n: number }) =>
      db()
        .selectFrom('counters')
        .select(sql.raw<number>(`${v.n} + 1`).as('n'));
    expect(() => preparedQuery(db(), raw)).toThrow(/not used as a value/);
  });

  it('gives every write of one turn its own exact result, all committed', async () => {
    const q = bump(true);
    const counts = await Promise.all(Array.from({ length: 20 }, () => q({ key: 'k', by: 1 }).then(([row]) => row!.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await db().selectFrom('counters').select('count').where('key', '=', 'k').executeTakeFirst()).toEqual({ count: 20 });
  });

  it.runIf(dialect === 'sqlite')('commits the writes of one turn once', async () => {
    // Frames appended to the write-ahead log since it was last emptied: one page per commit here.
    const frames = () => {
      const [{ log }] = db().sqlite!.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
      db().sqlite!.pragma('wal_checkpoint(TRUNCATE)');
      return log;
    };
    await bump(true)({ key: 'k', by: 1 });
    frames();
    await Promise.all(Array.from({ length: 10 }, () => bump(true)({ key: 'k', by: 1 })));
    const grouped = frames();
    for (let i = 0; i < 10; i++) await bump(false)({ key: 'k', by: 1 });
    const single = frames();
    expect(grouped).toBeLessThan(3);
    expect(single).toBeGreaterThanOrEqual(10);
  });

  it('fails only the write that fails when writes share a commit', async () => {
    const claim = preparedQuery(db(), (v: { salt: string }) => db().insertInto('used_salts').values({ salt: v.salt, expires_at: 1 }), {
      groupCommit: true,
    });
    const results = await Promise.allSettled([claim({ salt: 'x' }), claim({ salt: 'x' }), claim({ salt: 'y' })]);
    // Either of the two claims of 'x' may win (PostgreSQL runs them on two connections).
    expect(
      results
        .slice(0, 2)
        .map((r) => r.status)
        .sort(),
    ).toEqual(['fulfilled', 'rejected']);
    expect(results[2]!.status).toBe('fulfilled');
    expect(await db().selectFrom('used_salts').select('salt').orderBy('salt').execute()).toEqual([{ salt: 'x' }, { salt: 'y' }]);
  });

  it('never joins a transaction that is open on the connection', async () => {
    for (const groupCommit of [false, true]) {
      const key = `t${groupCommit}`;
      let pending: Promise<unknown> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('used_salts').values({ salt: key, expires_at: 1 }).execute();
          pending = bump(groupCommit)({ key, by: 1 });
          await nextTurn();
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(await pending).toEqual([{ key, count: 1, expires_at: 7 }]);
      expect(await db().selectFrom('counters').select('count').where('key', '=', key).executeTakeFirst()).toEqual({ count: 1 });
      expect(await db().selectFrom('used_salts').selectAll().where('salt', '=', key).execute()).toEqual([]);
    }
  });
});
