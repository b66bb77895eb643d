import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { contentSources } from '../content/content-sources.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { loadEnv } from '../env.ts';
import { CONTENT_DIR, createTestDb, DIALECTS, fakeSms, type Dialect } from '../../test/support/test-app.ts';
import { mediaLibraryFor, prepareUpload } from './uploads/media-service.ts';
import { pngWithAlpha } from './uploads/test-files.ts';

/**
 * Issue #30 (decision 041 addendum): replacing an upload that published content uses recompiles the
 * content, so every instance serves pages with the new URLs within seconds, not at the next publish.
 */

async function instance(db: Db, databaseUrl: string): Promise<FastifyInstance> {
  const env = loadEnv(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CONTENT_DIR,
      DATABASE_URL: databaseUrl,
      SECRET_KEY: 'test-secret-key-of-at-least-32-characters',
      SMS_CONSOLE_ALLOWED: true,
      PUBLIC_ORIGIN: 'http://localhost',
    },
  );
  const app = await buildApp({ env, db, sms: fakeSms(), serveWeb: false, wechat: null });
  await app.ready();
  return app;
}

const png = async (width: number) =>
  prepareUpload({ file: { bytes: await pngWithAlpha(width, 300), mimetype: 'image/png', filename: 'share.png' } });

/** The brand's share picture as GET /api/v8/brand answers it (null: none). */
const shareImageOn = async (app: FastifyInstance) =>
  ((await app.inject({ url: '/api/v8/brand' })).json().data.share?.image?.fallback[0]?.url as string | undefined) ?? null;
const contentHash = async (db: Db) =>
  (await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirstOrThrow()).hash;

async function within<T>(ms: number, read: () => Promise<T>, want: T): Promise<number> {
  const start = Date.now();
  while ((await read()) !== want) {
    if (Date.now() - start > ms) throw new Error(`not ${String(want)} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - start;
}

describe.each(DIALECTS)('a replaced upload on %s (issue #30)', (dialect: Dialect) => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  it('published: every instance serves the new URLs within seconds; unpublished: content is left alone', async () => {
    const made = await createTestDb(dialect);
    const dbB = openDatabase(made.url, made.sqlitePath);
    const a = await instance(made.db, made.url);
    const b = await instance(dbB, made.url);
    closing.push(
      made.drop,
      () => made.db.destroy(),
      () => dbB.destroy(),
      () => a.close(),
      () => b.close(),
    );
    const staff = await a.ctx.users.findOrCreate('+8613800138990');
    const library = mediaLibraryFor(a.ctx);
    const used = await library.create(await png(400), '艾灸养生', staff.id);
    const unused = await library.create(await png(420), '备用图', staff.id);

    // The brand's share card uses the first upload, published as the console's workflow does.
    const sources = contentSources(made.db, CONTENT_DIR);
    const tree = new Map(await sources.publishedTree());
    const brand = tree.get('brand.md')!;
    tree.set(
      'brand.md',
      brand.replace(
        "icpNumber: ''\n",
        `icpNumber: ''\nshare: { title: 艾灸养生, description: 查穴位, image: { src: 'uploads/${used.id}', alt: 艾灸养生 } }\n`,
      ),
    );
    await a.ctx.contentEvents.announce(await sources.publish(tree, sources.compile(tree)));
    const before = await shareImageOn(a);
    expect(before).toMatch(new RegExp(`^/media/u/${used.id}\\.`));
    if (dialect === 'postgres') await within(3000, async () => b.ctx.contentEvents.listening, true);
    await within(5000, () => shareImageOn(b), before);

    // An upload no published content uses: replaced without touching the content.
    const hash = await contentHash(made.db);
    await library.replace(unused.id, await png(440), '备用图', staff.id);
    expect(await contentHash(made.db)).toBe(hash);

    const replaced = (await library.replace(used.id, await png(480), '艾灸养生', staff.id))!;
    expect(replaced.published).toBe(true);
    const after = replaced.image!.fallback[0]!.url;
    expect(after).not.toBe(before);
    // The instance that replaced it, at once; the other within the live-content window.
    expect(await shareImageOn(a)).toBe(after);
    expect(await within(5000, () => shareImageOn(b), after)).toBeLessThan(1500);
    // The source is unchanged (it names the upload, not its files); the old files stay served.
    expect((await sources.publishedTree()).get('brand.md')).toContain(`uploads/${used.id}`);
    expect((await a.inject({ url: before! })).statusCode).toBe(200);
    expect((await b.inject({ url: after })).statusCode).toBe(200);
  });
});
