import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { DIALECTS, type Dialect } from '../../test/support/test-app.ts';
import { twoInstances, within } from '../../test/support/two-instances.ts';
import { brandKind } from './brand-kinds.ts';
import { SHARE_DEFAULTS_ID, shareHeadTags } from './share-head.ts';

/** Issue #30: the brand's share-card defaults in every page the server writes. */

const HOSTILE = { title: '艾灸"<b>&', description: '</script><script>alert(1)</script> & "引号"', image: '/media/u/abc.640.def.jpg' };

/** The head's tags as the browser reads them: every attribute of every meta, and the JSON. */
function parseHead(html: string) {
  const metas = [...html.matchAll(/<meta (property|itemprop)="([^"]+)" content="([^"]*)">/g)].map((m) => ({
    key: m[2]!,
    content: m[3]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  }));
  const script = new RegExp(`<script type="application/json" id="${SHARE_DEFAULTS_ID}">([^<]*)</script>`).exec(html);
  return { metas: Object.fromEntries(metas.map((m) => [m.key, m.content])), json: script ? (JSON.parse(script[1]!) as unknown) : null };
}

describe('share-card defaults in <head> (issue #30)', () => {
  it('escapes a brand name and text with quotes, angle brackets and &, so the head stays whole', () => {
    const tags = shareHeadTags(HOSTILE, 'https://h5.example.com');
    // Nothing the values hold can open or close an element, or end an attribute.
    expect(tags.match(/</g)).toHaveLength(tags.match(/<(meta|script|\/script)\b/g)!.length);
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    const head = parseHead(`<head>${tags}</head>`);
    expect(head.metas).toEqual({
      'og:title': HOSTILE.title,
      'og:description': HOSTILE.description,
      'og:image': 'https://h5.example.com/media/u/abc.640.def.jpg',
      name: HOSTILE.title,
      description: HOSTILE.description,
      image: 'https://h5.example.com/media/u/abc.640.def.jpg',
    });
    expect(head.json).toEqual(HOSTILE);
  });

  it('leaves the image tags out without an origin this site trusts, and writes nothing without defaults', () => {
    const head = parseHead(shareHeadTags(HOSTILE, null));
    expect(Object.keys(head.metas).sort()).toEqual(['description', 'name', 'og:description', 'og:title']);
    expect(head.json).toEqual(HOSTILE);
    expect(shareHeadTags(null, 'https://h5.example.com')).toBe('');
  });
});

const SHELL = '<!doctype html><html><head><title>艾灸养生</title></head><body><div id="root"></div></body></html>';
const PAGE = '<!doctype html><html><head><title>穴位</title></head><body><div id="root"><h1>穴位查询</h1></div></body></html>';

/** A web build with the shell and one prerendered page (precompressed, as the build writes it). */
function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'moxa-web-share-'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  mkdirSync(join(dir, 'acupoint'));
  writeFileSync(join(dir, 'acupoint', 'index.html'), PAGE);
  writeFileSync(join(dir, 'acupoint', 'index.html.br'), brotliCompressSync(PAGE));
  return dir;
}

/** The brand published with a share card, as a publish writes it (content_items, then the hash). */
async function publishShare(db: Db, share: { title: string; description: string }, image: object | null): Promise<string> {
  const row = await db
    .selectFrom('content_items')
    .select('data')
    .where('kind', '=', brandKind.name)
    .where('id', '=', 'brand')
    .executeTakeFirstOrThrow();
  const data = { ...(JSON.parse(row.data) as object), share, shareImage: image };
  const hash = createHash('sha256')
    .update(`share:${JSON.stringify(share)}:${Math.random()}`)
    .digest('hex');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('content_items')
      .set({ data: JSON.stringify(data) })
      .where('kind', '=', brandKind.name)
      .where('id', '=', 'brand')
      .execute();
    await trx.updateTable('content_meta').set({ hash, loaded_at: Date.now() }).where('kind', '=', 'all').execute();
  });
  return hash;
}

describe.each(DIALECTS)('share-card defaults on every page, on %s (issue #30)', (dialect: Dialect) => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  const page = (app: FastifyInstance, url: string, encoding = 'identity') =>
    app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
  const html = async (app: FastifyInstance, url: string) => {
    const res = await page(app, url, 'br');
    return res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
  };

  it('follow a brand publish on the next request, on both instances, shell and prerendered pages alike', async () => {
    const { a, b, dbA, close } = await twoInstances(dialect, { WEB_DIST: webBuild(), PUBLIC_ORIGIN: 'https://h5.example.com' });
    closing.push(close);

    // The seed sets no share card: pages carry none, and the prerendered page is the build's own bytes.
    expect(await html(a, '/acupoint_detail/ST36')).not.toContain('og:title');
    const built = await page(a, '/acupoint', 'br');
    expect(built.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(built.rawPayload).toString('utf8')).toBe(PAGE);

    if (dialect === 'postgres') await within(3000, async () => b.ctx.contentEvents.listening, true);
    const image = {
      src: 'uploads/abcdefghijklmnop',
      width: 1200,
      height: 630,
      alt: '艾灸养生',
      webp: [{ width: 640, url: '/media/u/abcdefghijklmnop.640.aaaa.webp' }],
      fallback: [
        { width: 320, url: '/media/u/abcdefghijklmnop.320.bbbb.jpg' },
        { width: 640, url: '/media/u/abcdefghijklmnop.640.cccc.jpg' },
      ],
    };
    const hash = await publishShare(dbA, { title: '艾灸"<养生>&', description: '查穴位、学艾灸' }, image);
    await a.ctx.contentEvents.announce(hash);
    // A's next request has them; B hears the announcement within the live-content window.
    expect(parseHead(await html(a, '/acupoint_detail/ST36')).metas['og:title']).toBe('艾灸"<养生>&');
    await within(5000, async () => parseHead(await html(b, '/acupoint_detail/ST36')).metas['og:title'], '艾灸"<养生>&');

    for (const [app, url] of [
      [a, '/'],
      [b, '/mine'],
      [a, '/acupoint'],
      [b, '/acupoint'],
    ] as const) {
      const body = await html(app, url);
      const head = parseHead(body);
      expect(head.metas, url).toMatchObject({
        'og:title': '艾灸"<养生>&',
        'og:description': '查穴位、学艾灸',
        'og:image': 'https://h5.example.com/media/u/abcdefghijklmnop.640.cccc.jpg',
      });
      expect(head.json).toEqual({ title: '艾灸"<养生>&', description: '查穴位、学艾灸', image: '/media/u/abcdefghijklmnop.640.cccc.jpg' });
      // The head is still whole: one <head>, the page's own content after it.
      expect(body.match(/<\/head>/g), url).toHaveLength(1);
      expect(body.indexOf('og:title')).toBeLessThan(body.indexOf('</head>'));
    }
    // Prerendered pages keep their own content, compressed again or sent plain as asked.
    expect(await html(a, '/acupoint')).toContain('<h1>穴位查询</h1>');
    const gz = await page(a, '/acupoint', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await page(a, '/acupoint');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(parseHead(plain.body).metas['og:title']).toBe('艾灸"<养生>&');

    // A card without a picture shows the app's icon.
    await a.ctx.contentEvents.announce(await publishShare(dbA, { title: '新标题', description: '新描述' }, null));
    await within(5000, async () => parseHead(await html(b, '/acupoint')).metas['og:image'], 'https://h5.example.com/icon-512.png');
  });
});
