import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/** Issue #16 API: the product and video centers, on both databases. */
describe.each(DIALECTS)('products and videos on %s (issue #16)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  const get = (url: string) => t.app.inject({ url });
  const data = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json().data;
  };

  it('lists every product type with its count and first four products', async () => {
    const types = (await data('/api/v8/products/types')) as {
      id: string;
      count: number;
      products: { id: string; cover: { webp: unknown[] } }[];
    }[];
    expect(types.length).toBeGreaterThanOrEqual(6);
    expect(types.reduce((n, t) => n + t.count, 0)).toBeGreaterThanOrEqual(24);
    for (const t of types) {
      expect(t.products.length).toBe(Math.min(4, t.count));
      for (const p of t.products) expect(p.cover.webp.length).toBeGreaterThan(0);
    }
  });

  it('pages a type’s products and answers 404 for an unknown type', async () => {
    const first = await data('/api/v8/products?type=moxa-box&page=1&size=3');
    const second = await data('/api/v8/products?type=moxa-box&page=2&size=3');
    expect(first.items).toHaveLength(3);
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(second.items.every((p: { type: string }) => p.type === 'moxa-box')).toBe(true);
    const unknown = await get('/api/v8/products?type=no-such-type');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('没有找到这个分类');
    expect((await get('/api/v8/products?size=500')).statusCode).toBe(400);
  });

  it('shows a product with its gallery, specifications, who should not use it, Q&A and the way to buy', async () => {
    const p = await data('/api/v8/products/portable-moxa-box');
    expect(p.name).toBeTruthy();
    expect(p.price).toBeGreaterThan(0);
    expect(p.gallery.length).toBeGreaterThanOrEqual(2);
    expect(p.gallery[0].fallback[0].url).toMatch(/^\/media\/products\//);
    expect(p.specs.length).toBeGreaterThanOrEqual(3);
    expect(p.notSuits.join('')).toContain('孕');
    expect(p.store).toBeNull();
    expect(p.hasMarketing).toBe(true);
    for (const q of p.problems) expect(q.question).toBeTruthy();
    const missing = await get('/api/v8/products/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('没有找到这件产品');
  });

  it('serves a promotional page made of blocks, and 404 where there is none', async () => {
    const m = await data('/api/v8/products/portable-moxa-box/marketing');
    expect(m.blocks[0].kind).toBe('hero');
    expect(m.blocks.at(-1).kind).toBe('cta');
    expect(m.product.id).toBe('portable-moxa-box');
    expect((await get('/api/v8/products/moxa-snuffer/marketing')).statusCode).toBe(404);
  });

  it('opens the video center with the latest of each category, and pages a category', async () => {
    const home = await data('/api/v8/videos/home');
    for (const c of ['brand', 'health'] as const) {
      expect(home[c].length).toBeGreaterThan(0);
      expect(home[c].length).toBeLessThanOrEqual(4);
      const dates = home[c].map((v: { publishedAt: string }) => v.publishedAt);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    const page = await data('/api/v8/videos?category=health&page=1&size=5');
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.items.every((v: { category: string }) => v.category === 'health')).toBe(true);
    // Issue #32 item 6: a category's list is newest first, across pages.
    const all = await data('/api/v8/videos?category=brand&page=1&size=50');
    const listed = all.items.map((v: { publishedAt: string }) => v.publishedAt);
    expect(listed.length).toBeGreaterThan(1);
    expect(listed).toEqual([...listed].sort().reverse());
    expect((await get('/api/v8/videos?category=movies')).statusCode).toBe(400);
  });

  it('shows a video with its files, subtitles, linked points and products, and related videos', async () => {
    const v = await data('/api/v8/videos/mild-moxa-howto');
    expect(v.videoUrl).toMatch(/^\/media\/videos\/mild-moxa-howto\.[0-9a-f]{10}\.mp4$/);
    expect(v.subtitlesUrl).toMatch(/\.vtt$/);
    expect(v.poster.width).toBeGreaterThan(0);
    expect(v.related.every((r: { category: string; id: string }) => r.category === v.category && r.id !== v.id)).toBe(true);
    expect((await get('/api/v8/videos/no-such-video')).statusCode).toBe(404);
  });

  it('counts a view once per visitor per video per day, however often the page reloads', async () => {
    const view = (visitor?: string, extra: { token?: string; ip?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v8/videos/find-zusanli/views',
        payload: visitor ? { visitor } : {},
        remoteAddress: extra.ip ?? '10.1.0.1',
        headers: extra.token ? { authorization: `Bearer ${extra.token}` } : {},
      });
    const a = 'visitor-aaaaaaaaaaaaaaaa';
    const first = (await view(a)).json().data;
    expect(first.counted).toBe(true);
    for (let i = 0; i < 3; i++) expect((await view(a)).json().data).toEqual({ views: first.views, counted: false });
    expect((await view('visitor-bbbbbbbbbbbbbbbb')).json().data).toEqual({ views: first.views + 1, counted: true });
    // A logged-in viewer counts once whichever device id the page sends.
    const { token } = await loginAs(t, '13900139099');
    expect((await view('visitor-cccccccccccccccc', { token })).json().data.counted).toBe(true);
    expect((await view('visitor-dddddddddddddddd', { token })).json().data.counted).toBe(false);
    // The next day (China time) the same visitor counts again.
    t.clock.advance(86400_000);
    expect((await view(a)).json().data.counted).toBe(true);
    const detail = await data('/api/v8/videos/find-zusanli');
    expect(detail.views).toBe(first.views + 3);
    const bad = await view('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('访客标识不正确');
  });

  it('answers lists from a body built once, and shows a new count within 10 s (issue #33 item 4)', async () => {
    const url = '/api/v8/videos?category=health&size=100';
    const viewsOf = async () =>
      ((await data(url)).items as { id: string; views: number }[]).find((v) => v.id === 'after-moxa-care')?.views ?? -1;
    const first = await get(url);
    const before = await viewsOf();
    expect(before).toBeGreaterThanOrEqual(0);
    const counted = await t.app.inject({
      method: 'POST',
      url: '/api/v8/videos/after-moxa-care/views',
      payload: { visitor: 'visitor-live-answers-0001' },
      remoteAddress: '10.3.0.1',
    });
    expect(counted.json().data.counted).toBe(true);
    // Within the 10 s the same bytes (one ETag) go out; after it, the new count.
    const again = await get(url);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
    t.clock.advance(10_000);
    expect(await viewsOf()).toBe(before + 1);
  });

  it('caps what one network can add to one video in a day, whatever ids it makes up', async () => {
    let counted = 0;
    for (let i = 0; i < 35; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v8/videos/safe-extinguish/views',
        payload: { visitor: `made-up-visitor-${String(i).padStart(4, '0')}` },
        remoteAddress: '10.2.0.1',
      });
      if (res.json().data.counted) counted++;
    }
    expect(counted).toBe(30);
  });

  it('finds products and videos in search by Chinese and pinyin initials', async () => {
    const products = await data(`/api/v8/search?type=product&q=${encodeURIComponent('灸盒')}`);
    expect(products.groups[0].items.length).toBeGreaterThan(0);
    expect(products.groups[0].items[0].href).toMatch(/^\/product_detail\//);
    const videos = await data('/api/v8/search?type=video&q=zsl');
    expect(videos.groups[0].items.map((i: { id: string }) => i.id)).toContain('find-zusanli');
  });
});
