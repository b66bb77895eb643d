import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { COLUMN_SIZES, PRODUCT_CARD_SIZES, VIDEO_CARD_SIZES } from '@moxa/core/media/picture-sizes';
import { CONTENT_CACHE } from '../lib/cached-body.ts';
import { chunkFiles, routePreloads, withHeadTags, type PublicRead } from './route-preload.ts';

/** A Vite manifest like the web build's: an entry, two screens, the mount chunk and shared chunks. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_web-W.js'] },
  '_web-W.js': { file: 'assets/web-W.js', imports: ['_react-R.js'], css: ['assets/web-W.css'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_query-Q.js': { file: 'assets/query-Q.js', imports: ['_react-R.js', '_web-W.js'] },
  '_rich-T.js': { file: 'assets/rich-T.js', imports: ['_web-W.js'], css: ['assets/rich-T.css'] },
  'src/features/diseases/components/disease-detail-screen.tsx': {
    file: 'assets/disease-detail-D.js',
    imports: ['_react-R.js', '_web-W.js', '_query-Q.js', '_rich-T.js'],
    css: ['assets/disease-detail-D.css'],
  },
  'src/features/products/components/product-detail-screen.tsx': {
    file: 'assets/product-detail-P.js',
    imports: ['_web-W.js', '_query-Q.js'],
  },
  'src/features/legal/components/about-screen.tsx': { file: 'assets/about-A.js', imports: ['_web-W.js', '_query-Q.js', '_rich-T.js'] },
  'src/features/mine/components/mine-screens.tsx': { file: 'assets/mine-N.js', imports: ['_web-W.js'] },
  'src/components/require-login.tsx': { file: 'assets/require-login-L.js', imports: ['_web-W.js'] },
  'src/features/misc/components/not-found-screen.tsx': { file: 'assets/not-found-F.js', imports: ['_web-W.js'] },
  'src/app/mount.tsx': { file: 'assets/mount-M.js', imports: ['_react-R.js', '_client-C.js'] },
  '_client-C.js': { file: 'assets/client-C.js', imports: ['_react-R.js'] },
};
/** The build's route → modules table (apps/web/build/screens.ts) for those screens, a guarded one and the fallback. */
const ROUTES = [
  { path: '/disease_detail/:id', modules: ['src/features/diseases/components/disease-detail-screen.tsx'] },
  { path: '/product_detail/:id', modules: ['src/features/products/components/product-detail-screen.tsx'] },
  { path: '/about', modules: ['src/features/legal/components/about-screen.tsx'] },
  { path: '/mine/data', modules: ['src/features/mine/components/mine-screens.tsx', 'src/components/require-login.tsx'] },
  { path: '*', modules: ['src/features/misc/components/not-found-screen.tsx'] },
];
const SHELL = '<!doctype html><html><head><title>艾灸养生</title></head><body><div id="root"></div></body></html>';

const image = (name: string) => ({
  src: `products/${name}.png`,
  width: 800,
  height: 800,
  alt: name,
  webp: [320, 640].map((w) => ({ width: w, url: `/media/products/${name}.${w}.webp` })),
  fallback: [320, 640].map((w) => ({ width: w, url: `/media/products/${name}.${w}.jpg` })),
});

function setup(answers: Record<string, { status: number; cacheControl: string; data?: unknown }>) {
  const dir = mkdtempSync(join(tmpdir(), 'moxa-preload-'));
  const manifestPath = join(dir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify(MANIFEST));
  const routesPath = join(dir, 'routes.json');
  writeFileSync(routesPath, JSON.stringify(ROUTES));
  const asked: string[] = [];
  const read: PublicRead = async (path) => {
    asked.push(path);
    const a = answers[path] ?? { status: 404, cacheControl: 'no-store' };
    return { status: a.status, cacheControl: a.cacheControl, body: JSON.stringify({ code: 0, msg: 'ok', data: a.data ?? null }) };
  };
  return { tags: routePreloads({ manifestPath, routesPath, read }), asked };
}
const PUBLIC = CONTENT_CACHE;

/** Issue #33 item 1: what the shell of a page that is not prerendered names in its <head>. */
describe('route preloads in the HTML shell', () => {
  it('names the screen’s reads, its chunks and CSS beyond the entry, and the mount chunk', async () => {
    const { tags, asked } = setup({ '/api/v8/diseases/insomnia': { status: 200, cacheControl: PUBLIC } });
    const head = await tags('/disease_detail/insomnia');
    expect(asked).toEqual(['/api/v8/diseases/insomnia']);
    const links = head.split('\n').map((l) => l.trim());
    expect(links).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/api/v8/diseases/insomnia">',
      '<link rel="preload" as="style" crossorigin href="/assets/disease-detail-D.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/rich-T.css">',
      '<link rel="modulepreload" crossorigin href="/assets/disease-detail-D.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-Q.js">',
      '<link rel="modulepreload" crossorigin href="/assets/rich-T.js">',
      '<link rel="modulepreload" crossorigin href="/assets/mount-M.js">',
      '<link rel="modulepreload" crossorigin href="/assets/client-C.js">',
    ]);
    // What the entry loads already is never named twice.
    expect(head).not.toMatch(/web-W|react-R|index-E/);
  });

  it('encodes route params as the app does, and preloads the first picture as the app renders it', async () => {
    const gallery = [image('box-1'), image('box-2')];
    const { tags, asked } = setup({ '/api/v8/products/a%20b': { status: 200, cacheControl: PUBLIC, data: { gallery } } });
    const head = await tags('/product_detail/a%20b');
    expect(asked).toEqual(['/api/v8/products/a%20b']);
    expect(head).toContain(
      '<link rel="preload" as="image" fetchpriority="high" type="image/webp" imagesrcset="/media/products/box-1.320.webp 320w, /media/products/box-1.640.webp 640w" imagesizes="100vw">',
    );
    expect(head).not.toContain('box-2');
  });

  it('preloads a drawing as the app shows it: its SVG, and the video player’s poster likewise (decision 050)', async () => {
    const drawing = { ...image('box-1'), src: 'products/box-1.svg', vector: '/media/products/box-1.abc.svg' };
    const { tags } = setup({
      '/api/v8/products/box': { status: 200, cacheControl: PUBLIC, data: { gallery: [drawing] } },
      '/api/v8/videos/clip': { status: 200, cacheControl: PUBLIC, data: { poster: drawing } },
      '/api/v8/videos/photo': { status: 200, cacheControl: PUBLIC, data: { poster: image('p') } },
    });
    const head = await tags('/product_detail/box');
    expect(head).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/products/box-1.abc.svg">');
    expect(head).not.toContain('imagesrcset');
    expect(await tags('/video_detail/clip')).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/products/box-1.abc.svg">',
    );
    // A photo's poster: the fallback picture of a 2× column, as the player shows it.
    expect(await tags('/video_detail/photo')).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/products/p.640.jpg">',
    );
  });

  it('preloads the pictures the product and video centres load at once', async () => {
    const types = [{ products: ['a', 'b', 'c', 'd', 'e'].map((n) => ({ cover: image(n) })) }, { products: [{ cover: image('f') }] }];
    const { tags } = setup({ '/api/v8/products/types': { status: 200, cacheControl: PUBLIC, data: types } });
    const head = await tags('/product');
    for (const n of ['a', 'b', 'c', 'd'])
      expect(head).toContain(
        `type="image/webp" imagesrcset="/media/products/${n}.320.webp 320w, /media/products/${n}.640.webp 640w" imagesizes="${PRODUCT_CARD_SIZES}">`,
      );
    expect(head).not.toMatch(/products\/[ef]\./);
    const videos = setup({
      '/api/v8/videos/home': {
        status: 200,
        cacheControl: PUBLIC,
        data: { brand: ['v1', 'v2', 'v3'].map((n) => ({ poster: image(n) })), health: [] },
      },
    });
    const centre = await videos.tags('/videos');
    for (const n of ['v1', 'v2'])
      expect(centre).toContain(
        `imagesrcset="/media/products/${n}.320.webp 320w, /media/products/${n}.640.webp 640w" imagesizes="${VIDEO_CARD_SIZES}"`,
      );
    expect(centre).not.toContain('v3.');
  });

  it('preloads an article’s lead picture, on the first screen under its title, and none when its first picture comes later', async () => {
    const fig = (img: object) => ({
      type: 'element',
      tagName: 'figure',
      children: [{ type: 'element', tagName: 'img', properties: { dataMedia: JSON.stringify(img) }, children: [] }],
    });
    const p = { type: 'element', tagName: 'p', children: [{ type: 'text', value: '…' }] };
    const photo = image('how');
    const { tags } = setup({
      '/api/v8/notices/how': { status: 200, cacheControl: PUBLIC, data: { body: { type: 'root', children: [p, fig(photo)] } } },
      '/api/v8/notices/late': { status: 200, cacheControl: PUBLIC, data: { body: { type: 'root', children: [p, p, p, fig(photo)] } } },
    });
    expect(await tags('/notice_detail/how')).toContain(
      `type="image/webp" imagesrcset="/media/products/how.320.webp 320w, /media/products/how.640.webp 640w" imagesizes="${COLUMN_SIZES}">`,
    );
    expect(await tags('/notice_detail/late')).not.toContain('as="image"');
  });

  it('names no read that is not public: a login, per-user or missing answer is left out', async () => {
    for (const [status, cacheControl] of [
      [401, 'no-store'],
      [200, 'no-store'],
      [200, 'private, max-age=60'],
      [404, 'no-store'],
    ] as const) {
      const { tags } = setup({ '/api/v8/products/x': { status, cacheControl, data: { gallery: [image('secret')] } } });
      const head = await tags('/product_detail/x');
      expect(head, `${status} ${cacheControl}`).not.toContain('as="fetch"');
      expect(head).not.toContain('secret');
    }
  });

  it('names no read on a console preview’s navigation, whose reads carry its token (issue #29)', async () => {
    const { tags, asked } = setup({ '/api/v8/products/x': { status: 200, cacheControl: PUBLIC, data: { gallery: [image('live')] } } });
    const head = await tags('/product_detail/x', undefined, true);
    expect(asked).toEqual([]);
    expect(head).not.toContain('as="fetch"');
    expect(head).not.toContain('live');
    expect(head).toContain('/assets/mount-M.js');
  });

  it('names no read on screens without declared reads (personal screens among them), but their chunks', async () => {
    const { tags, asked } = setup({});
    for (const path of ['/mine/data', '/search/all', '/nowhere']) {
      const head = await tags(path);
      expect(head).not.toContain('as="fetch"');
      expect(head).toContain('/assets/mount-M.js');
    }
    expect(asked).toEqual([]);
    // A guarded screen: its chunk and the guard's module; any other path: the not-found screen's.
    expect(await tags('/mine/data')).toContain('<link rel="modulepreload" crossorigin href="/assets/require-login-L.js">');
    expect(await tags('/mine/data')).toContain('/assets/mine-N.js');
    expect(await tags('/about')).toContain('<link rel="modulepreload" crossorigin href="/assets/about-A.js">');
    expect(await tags('/nowhere')).toContain('/assets/not-found-F.js');
  });

  it('puts the tags at the end of <head>, and leaves the shell alone without tags', () => {
    expect(withHeadTags(SHELL, '<link rel="x">')).toBe(SHELL.replace('</head>', '  <link rel="x">\n  </head>'));
    expect(withHeadTags(SHELL, '')).toBe(SHELL);
  });

  it('follows the entry closure when listing a chunk’s files', () => {
    expect(chunkFiles(MANIFEST, 'src/app/mount.tsx')).toEqual({ js: ['/assets/mount-M.js', '/assets/client-C.js'], css: [] });
    expect(chunkFiles(MANIFEST, 'missing.tsx')).toEqual({ js: [], css: [] });
  });
});

describe.each(DIALECTS)('the served shell on %s (issue #33 item 1)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'moxa-web-'));
    writeFileSync(join(web, 'index.html'), SHELL);
    mkdirSync(join(web, '.vite'));
    writeFileSync(join(web, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(web, '.vite', 'routes.json'), JSON.stringify(ROUTES));
    t = await createTestApp(dialect, { WEB_DIST: web }, { serveWeb: true });
  });
  afterAll(async () => t.close());
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it('preloads the real answers of a content page, and its product picture', async () => {
    const res = await page('/product_detail/portable-moxa-box');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v8/products/portable-moxa-box">');
    const product = (await t.app.inject({ url: '/api/v8/products/portable-moxa-box' })).json().data;
    // The shipped pictures are drawings: their SVG, as the page shows them (decision 050).
    expect(res.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${product.gallery[0].vector}">`);
    // The read is logged under the navigation's request id.
    const reads = t.logs
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } })
      .filter((l) => l.req?.url === '/api/v8/products/portable-moxa-box');
    expect(reads.map((l) => l.reqId)).toContain(res.headers['x-request-id']);
    // Revalidated by ETag like any page.
    const again = await page('/product_detail/portable-moxa-box', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('preloads every read of a screen that makes several, and nothing for an unknown id', async () => {
    const point = await page('/acupoint_detail/ST36');
    for (const href of ['/api/v8/acupoints/ST36', '/api/v8/charts', '/api/v8/diseases?acupoint=ST36&amp;size=100'])
      expect(point.body).toContain(`as="fetch" crossorigin href="${href}"`);
    // An article whose first blocks hold its figure: the figure's SVG (content/notices/mild-moxa.md).
    const notice = (await t.app.inject({ url: '/api/v8/notices/mild-moxa' })).json().data;
    const figure = JSON.parse(
      notice.body.children.find((n: { tagName?: string }) => n.tagName === 'figure').children[0].properties.dataMedia,
    );
    expect((await page('/notice_detail/mild-moxa')).body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${figure.vector}">`,
    );
    for (const url of ['/disease_detail/no-such-condition', '/disease_detail/%E5%A4%B1%E7%9C%A0', `/disease_detail/${'x'.repeat(2000)}`]) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(200);
      expect(missing.body).toContain('<div id="root">');
      expect(missing.body).not.toContain('as="fetch"');
    }
  });

  it('a console preview’s navigation names no read, and only it may be framed, by this origin (issue #29)', async () => {
    const token = 'A'.repeat(22);
    const preview = await page(`/product_detail/portable-moxa-box?preview=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('as="fetch"');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/product_detail/portable-moxa-box', '/product_detail/portable-moxa-box?preview=short', '/?previews=' + token]) {
      const plain = await page(url);
      expect(plain.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(plain.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('never preloads anything personal, even for a logged-in visitor', async () => {
    const { token } = await loginAs(t, '13800138771');
    for (const url of ['/mine/data', '/physical/record', '/moxa_log', '/mine/favorites']) {
      const res = await page(url, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain('rel="preload"');
      expect(res.body).toContain('rel="modulepreload" crossorigin href="/assets/mount-M.js"');
    }
  });

  it('follows a publish: the shell names the picture the reloaded content shows first (issue #29)', async () => {
    const id = 'portable-moxa-box';
    const row = await t.db
      .selectFrom('content_items')
      .select('data')
      .where('kind', '=', 'product')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(row.data) as { gallery: unknown[] };
    expect(data.gallery.length).toBeGreaterThan(1);
    await t.db
      .updateTable('content_items')
      .set({ data: JSON.stringify({ ...data, gallery: [...data.gallery].reverse() }) })
      .where('kind', '=', 'product')
      .where('id', '=', id)
      .execute();
    await t.db.updateTable('content_meta').set({ hash: 'reversed-gallery' }).where('kind', '=', 'all').execute();
    await t.app.ctx.contentEvents.check();
    const product = (await t.app.inject({ url: `/api/v8/products/${id}` })).json().data;
    const res = await page(`/product_detail/${id}`);
    expect(res.body).toContain(`href="${product.gallery[0].vector}"`);
    const old = (data.gallery[0] as { vector: string }).vector;
    expect(old).not.toBe(product.gallery[0].vector);
    expect(res.body).not.toContain(`href="${old}"`);
  });
});
