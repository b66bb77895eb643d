import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSources } from '../content/content-sources.ts';
import type { Db } from '../db/database.ts';
import { CONTENT_DIR, DIALECTS, type Dialect } from '../../test/support/test-app.ts';
import { twoInstances, within } from '../../test/support/two-instances.ts';
import { mediaLibraryFor, prepareUpload } from './uploads/media-service.ts';
import { pngWithAlpha } from './uploads/test-files.ts';

/**
 * Issue #30 (decision 041 addendum): replacing an upload that published content uses recompiles the
 * content, so every instance serves pages with the new URLs within seconds, not at the next publish.
 */

const png = async (width: number) =>
  prepareUpload({ file: { bytes: await pngWithAlpha(width, 300), mimetype: 'image/png', filename: 'share.png' } });

/** The brand's share picture as GET /api/v8/brand answers it (null: none). */
const shareImageOn = async (app: FastifyInstance) =>
  ((await app.inject({ url: '/api/v8/brand' })).json().data.share?.image?.fallback[0]?.url as string | undefined) ?? null;
const contentHash = async (db: Db) =>
  (await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirstOrThrow()).hash;

describe.each(DIALECTS)('a replaced upload on %s (issue #30)', (dialect: Dialect) => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  it('published: every instance serves the new URLs within seconds; unpublished: content is left alone', async () => {
    const { a, b, dbA, close } = await twoInstances(dialect);
    closing.push(close);
    const staff = await a.ctx.users.findOrCreate('+8613800138990');
    const library = mediaLibraryFor(a.ctx);
    const used = await library.create(await png(400), '艾灸养生', staff.id);
    const unused = await library.create(await png(420), '备用图', staff.id);

    // The brand's share card uses the first upload, published as the console's workflow does.
    const sources = contentSources(dbA, CONTENT_DIR);
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
    const hash = await contentHash(dbA);
    await library.replace(unused.id, await png(440), '备用图', staff.id);
    expect(await contentHash(dbA)).toBe(hash);

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
