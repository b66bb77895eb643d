import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { productKind } from '../products/product-kinds.ts';
import { CONTENT_DIR, DIALECTS, type Dialect } from '../../test/support/test-app.ts';
import { twoInstances as twoAppInstances } from '../../test/support/two-instances.ts';
import { contentPreviews, MAX_PREVIEWS, PREVIEW_EXPIRED, PREVIEW_HEADER, PREVIEW_TTL_MS } from './content-previews.ts';
import { readAllKinds } from './load-content.ts';

const PRODUCT = 'bamboo-moxa-box';
const URL_ = `/api/v8/products/${PRODUCT}`;

/**
 * A publish as the sources helper writes it (content_items rows, then the 'all' hash), here the
 * product's price changed; returns the new hash.
 */
async function publishPrice(db: Db, price: number): Promise<string> {
  const row = await db
    .selectFrom('content_items')
    .select('data')
    .where('kind', '=', productKind.name)
    .where('id', '=', PRODUCT)
    .executeTakeFirstOrThrow();
  const data = { ...(JSON.parse(row.data) as Record<string, unknown>), price };
  const hash = createHash('sha256').update(`price:${price}:${Math.random()}`).digest('hex');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('content_items')
      .set({ data: JSON.stringify(data) })
      .where('kind', '=', productKind.name)
      .where('id', '=', PRODUCT)
      .execute();
    await trx.updateTable('content_meta').set({ hash, loaded_at: Date.now() }).where('kind', '=', 'all').execute();
  });
  return hash;
}

const priceOn = async (app: FastifyInstance) => (await app.inject({ url: URL_ })).json().data.price as number;

/** Polls `read` until it returns `want`, failing after `ms`; resolves with the time it took. */
async function within<T>(ms: number, read: () => Promise<T>, want: T): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await read()) === want) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not ${String(want)} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('previews (issue #29)', () => {
  it('expire after 30 minutes and keep the 20 most recently used', async () => {
    let now = 0;
    const built: number[] = [];
    const previews = contentPreviews({
      build: async () => {
        built.push(now);
        return { fns: new Map(), label: 'preview' };
      },
      clock: () => now,
      log: { error: () => undefined } as never,
    });
    const first = previews.add(new Map());
    expect(first.expiresAt).toBe(PREVIEW_TTL_MS);
    const others = Array.from({ length: MAX_PREVIEWS }, () => previews.add(new Map()).token);
    expect(previews.size).toBe(MAX_PREVIEWS);
    expect(await previews.resolve(first.token)).toBeNull();
    expect(await previews.resolve(others[0]!)).not.toBeNull();
    now = PREVIEW_TTL_MS;
    expect(await previews.resolve(others[0]!)).toBeNull();
    expect(built).toHaveLength(MAX_PREVIEWS + 1);
  });
});

describe.each(DIALECTS)('live content on %s (issue #29)', (dialect: Dialect) => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  async function twoInstances() {
    const made = await twoAppInstances(dialect);
    closing.push(made.close);
    return made;
  }

  it('a reload swaps answers and ETags: the old ETag gets 200 and the new body', async () => {
    const { a, dbA } = await twoInstances();
    const before = await a.inject({ url: URL_ });
    expect(before.statusCode).toBe(200);
    const etag = before.headers.etag as string;
    expect((await a.inject({ url: URL_, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const hash = await publishPrice(dbA, 4321);
    await a.ctx.contentEvents.announce(hash);
    const after = await a.inject({ url: URL_, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.price).toBe(4321);
    expect(after.headers.etag).not.toBe(etag);
    // Lists built from the content follow too (another route, another cache).
    const list = (await a.inject({ url: '/api/v8/products' })).json().data;
    expect(JSON.stringify(list)).toContain('4321');
  });

  it('a publish announced by instance A is served by instance B within 5 s', async () => {
    const { a, b, dbA } = await twoInstances();
    expect(await priceOn(b)).not.toBe(777);
    if (dialect === 'postgres') await within(3000, async () => b.ctx.contentEvents.listening, true);
    const hash = await publishPrice(dbA, 777);
    await a.ctx.contentEvents.announce(hash);
    const took = await within(5000, () => priceOn(b), 777);
    // NOTIFY (PostgreSQL) and the in-process event (SQLite) are well under the 2 s poll.
    expect(took).toBeLessThan(1500);
  });

  it.runIf(dialect === 'postgres')('hears announcements again after its LISTEN connection is lost', async () => {
    const { a, b, dbA } = await twoInstances();
    await within(3000, async () => b.ctx.contentEvents.listening, true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${b.ctx.contentEvents.listenerName}`.execute(
      dbA,
    );
    await within(3000, async () => b.ctx.contentEvents.listening, false);
    await within(5000, async () => b.ctx.contentEvents.listening, true);
    const hash = await publishPrice(dbA, 555);
    await a.ctx.contentEvents.announce(hash);
    expect(await within(5000, () => priceOn(b), 555)).toBeLessThan(1500);
  });

  it('a change nobody announced (another process) is picked up by the poll within 5 s', async () => {
    const { b, dbA } = await twoInstances();
    await publishPrice(dbA, 888);
    await within(5000, () => priceOn(b), 888);
  });

  it('a failed reload keeps the old content served and is tried again', async () => {
    const { a, dbA } = await twoInstances();
    const before = await priceOn(a);
    const row = { kind: productKind.name, id: PRODUCT };
    const original = (
      await dbA.selectFrom('content_items').select('data').where('kind', '=', row.kind).where('id', '=', row.id).executeTakeFirstOrThrow()
    ).data;
    await publishPrice(dbA, 999);
    // A row that cannot be read: the reload fails, the old answers stay.
    await dbA.updateTable('content_items').set({ data: '{broken' }).where('kind', '=', row.kind).where('id', '=', row.id).execute();
    await a.ctx.contentEvents.check();
    expect(await priceOn(a)).toBe(before);
    // Repaired: the next check (the poll's next tick) loads it.
    await dbA
      .updateTable('content_items')
      .set({ data: JSON.stringify({ ...(JSON.parse(original) as object), price: 1000 }) })
      .where('kind', '=', row.kind)
      .where('id', '=', row.id)
      .execute();
    await a.ctx.contentEvents.check();
    expect(await priceOn(a)).toBe(1000);
  });

  it('a preview token serves its overlay only to requests carrying it, never stored', async () => {
    const { a, b } = await twoInstances();
    const compiled = readAllKinds(CONTENT_DIR);
    const products = compiled.get(productKind.name)!;
    compiled.set(
      productKind.name,
      products.map((p) => (p.id === PRODUCT ? { ...p, data: { ...(p.data as object), price: 12345 } } : p)),
    );
    const { token, expiresAt } = a.ctx.previews.add(compiled);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(expiresAt - Date.now()).toBeGreaterThan(29 * 60 * 1000);
    const previewed = await a.inject({ url: URL_, headers: { [PREVIEW_HEADER]: token } });
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().data.price).toBe(12345);
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    const live = await a.inject({ url: URL_ });
    expect(live.json().data.price).not.toBe(12345);
    expect(live.headers['cache-control']).toMatch(/^public/);
    expect(String(live.headers.vary)).toMatch(/X-Moxa-Preview/);
    // A token unknown here (another instance's, expired, made up): 410 with the Chinese message.
    const gone = await b.inject({ url: URL_, headers: { [PREVIEW_HEADER]: token } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ code: 41000, msg: PREVIEW_EXPIRED, data: null });
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect((await a.inject({ url: URL_, headers: { [PREVIEW_HEADER]: 'x' } })).statusCode).toBe(410);
    // Routes that do not read content ignore the header, but their answers are not stored either.
    const health = await a.inject({ url: '/api/health', headers: { [PREVIEW_HEADER]: 'x' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control']).toBe('private, no-store');
    expect((await a.inject({ url: '/api/v8/no-such-thing', headers: { [PREVIEW_HEADER]: token } })).statusCode).toBe(404);
  });
});
