import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandContentSchema } from '@moxa/core/brand/brand-contract';
import { StoreLinkSchema } from '@moxa/core/products/product-contract';
import { ReviewContentSchema } from '@moxa/core/reviews/review-contract';
import { CONTENT_DIR, createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { buildApp } from '../app.ts';
import { CONTENT_CACHE } from '../lib/cached-body.ts';
import { loadContent, readAllKinds } from '../content/load-content.ts';
import { contentSources, readSeed } from '../content/content-sources.ts';
import { brandKind } from './brand-kinds.ts';
import { editableKinds } from '../content/content-kind.ts';
import { CONTENT_KINDS } from '../content/registry.ts';
import type { SourceTree } from '../console/content-backend.ts';

/** Issue #30: brand settings and real reviews as content kinds (decision 042). */

const review = {
  id: 'li-portable-box',
  product: 'portable-moxa-box',
  text: '盒子拿在手里不烫，晚上看电视时灸足三里很方便。',
  name: '李女士',
  rating: 5,
  source: { kind: 'channel', channel: '微信客服' },
  date: '2026-11-20',
  consent: true,
};
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('review and brand schemas (issue #30)', () => {
  it('takes a review with its source, date and consent', () => {
    expect(ReviewContentSchema.safeParse(review).success).toBe(true);
    expect(ReviewContentSchema.safeParse({ ...review, source: { kind: 'order', orderNo: 'JD2026112012345' } }).success).toBe(true);
  });

  it('refuses a review without consent to publish, or with consent false', () => {
    const { consent: _, ...without } = review;
    expect(message(ReviewContentSchema.safeParse(without))).toBe('没有顾客同意公开，不能发布这条评价');
    expect(message(ReviewContentSchema.safeParse({ ...review, consent: false }))).toBe('没有顾客同意公开，不能发布这条评价');
  });

  it('refuses a review without a source, an empty one, or without a date', () => {
    const { source: _, ...noSource } = review;
    expect(ReviewContentSchema.safeParse(noSource).success).toBe(false);
    expect(message(ReviewContentSchema.safeParse({ ...review, source: { kind: 'order', orderNo: ' ' } }))).toBe('请填写订单号');
    expect(message(ReviewContentSchema.safeParse({ ...review, source: { kind: 'channel', channel: '' } }))).toBe('请填写评价来自哪个渠道');
    const { date: __, ...noDate } = review;
    expect(ReviewContentSchema.safeParse(noDate).success).toBe(false);
    expect(message(ReviewContentSchema.safeParse({ ...review, date: '2026-02-30' }))).toBe('日期不存在');
  });

  it('refuses a display name with digits, ASCII or full-width (no phone digits)', () => {
    for (const name of ['用户8001', '138****0000', '张女士１３８'])
      expect(message(ReviewContentSchema.safeParse({ ...review, name }))).toBe('称呼里不能有数字（不能出现手机号）');
  });

  it('takes an empty brand, refuses a malformed ICP number, phone or store', () => {
    expect(BrandContentSchema.safeParse({ id: 'brand', companyName: '', icpNumber: '' }).success).toBe(true);
    expect(BrandContentSchema.safeParse({ id: 'brand', icpNumber: '浙ICP备12345678号-1' }).success).toBe(true);
    expect(message(BrandContentSchema.safeParse({ id: 'brand', icpNumber: 'ICP 12345' }))).toBe('ICP备案号的格式是 京ICP备12345678号-1');
    expect(BrandContentSchema.safeParse({ id: 'brand', servicePhone: 'call me' }).success).toBe(false);
    expect(message(StoreLinkSchema.safeParse({}))).toBe('购买链接要填网址或小程序页面');
    expect(message(StoreLinkSchema.safeParse({ url: 'http://shop.example.com/' }))).toBe('购买网址要以 https:// 开头');
    expect(StoreLinkSchema.safeParse({ miniProgram: { appId: 'wx0123456789abcdef', path: 'pages/goods/detail?id=1' } }).success).toBe(true);
  });

  it('the seed invents nothing: the brand is empty but for 关于我们, and there are no reviews', () => {
    const all = readAllKinds(CONTENT_DIR);
    const brand = all.get('brand')![0]!.data as Record<string, unknown>;
    for (const key of ['companyName', 'address', 'servicePhone', 'icpNumber']) expect([undefined, '']).toContain(brand[key]);
    expect(brand.store).toBeUndefined();
    expect(brand.serviceWechatQr).toBeUndefined();
    expect(all.get('review')).toEqual([]);
  });
});

/** A copy of content/ with files planted or replaced. */
function plantedContent(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'moxa-brand-'));
  cpSync(CONTENT_DIR, dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('brand and review kinds when read (issue #30)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const read = (files: Record<string, string>) => {
    const dir = plantedContent(files);
    dirs.push(dir);
    return () => readAllKinds(dir);
  };

  it('refuses a review of a product that does not exist, or dated in the future, naming the file', () => {
    expect(read({ 'reviews/x.json': JSON.stringify({ ...review, id: 'x', product: 'no-such-product' }) })).toThrow(
      /review x.*no-such-product/,
    );
    expect(read({ 'reviews/y.json': JSON.stringify({ ...review, id: 'y', date: '2999-01-01' }) })).toThrow(
      /reviews\/y\.json: date 2999-01-01 is in the future/,
    );
    expect(read({ 'reviews/z.json': JSON.stringify({ ...review, id: 'z', consent: false }) })).toThrow(
      /reviews\/z\.json: consent 没有顾客同意公开/,
    );
  });

  it('a content folder without brand.md has an empty brand', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moxa-nobrand-'));
    dirs.push(dir);
    expect(brandKind.read(dir)).toEqual([]);
  });
});

describe('brand and reviews in the console’s sources (issue #30)', () => {
  const sources = contentSources(null as never, CONTENT_DIR);
  const tree = readSeed(CONTENT_DIR);
  const compiled = sources.compile(tree);

  it('the first review of the empty kind goes to reviews/<id>.json and compiles; one without consent does not', () => {
    const next = sources.withItem(tree, compiled, 'review', 'li-portable-box', { format: 'json', value: review }, true);
    expect(JSON.parse(next.get('reviews/li-portable-box.json')!)).toEqual(review);
    expect(
      sources
        .compile(next)
        .get('review')!
        .map((r) => r.id),
    ).toEqual(['li-portable-box']);
    const refused = sources.withItem(
      tree,
      compiled,
      'review',
      'x',
      { format: 'json', value: { ...review, id: 'x', consent: false } },
      true,
    );
    expect(() => sources.compile(refused)).toThrow(/reviews\/x\.json: consent 没有顾客同意公开/);
  });

  it('a review is previewed on its product’s page and, where the product has one, its promotional page', () => {
    const paths = editableKinds(CONTENT_KINDS).find((k) => k.name === 'review')!.paths;
    const withReviews = (...rs: (typeof review)[]) =>
      rs.reduce<SourceTree>((t, r) => sources.withItem(t, sources.compile(t), 'review', r.id, { format: 'json', value: r }, true), tree);
    const next = sources.compile(withReviews(review, { ...review, id: 'wang-bamboo', product: 'bamboo-moxa-box' }));
    expect(compiled.get('product-marketing')!.some((m) => m.id === 'bamboo-moxa-box')).toBe(false);
    expect(paths('li-portable-box', next)).toEqual(['/product_detail/portable-moxa-box', '/product_marketing/portable-moxa-box']);
    expect(paths('wang-bamboo', next)).toEqual(['/product_detail/bamboo-moxa-box']);
    // Not in the content it is shown in: nothing to preview.
    expect(paths('li-portable-box', compiled)).toEqual([]);
  });

  it('the brand is edited in brand.md: fields in the front matter, 关于我们 as the body', () => {
    const found = sources.itemSource(tree, compiled, 'brand', 'brand')!;
    expect(found.file).toBe('brand.md');
    expect(found.source).toMatchObject({ format: 'markdown', fields: { id: 'brand', companyName: '' } });
    const source = found.source as Extract<typeof found.source, { format: 'markdown' }>;
    const next = sources.withItem(
      tree,
      compiled,
      'brand',
      'brand',
      { ...source, fields: { ...source.fields, companyName: '杭州示例健康科技有限公司', icpNumber: '浙ICP备00000000号-1' } },
      false,
    );
    const brand = sources.compile(next).get('brand')![0]!.data as { companyName: string; icpNumber: string };
    expect(brand).toMatchObject({ companyName: '杭州示例健康科技有限公司', icpNumber: '浙ICP备00000000号-1' });
  });
});

const BRAND = `---
id: brand
companyName: 杭州示例健康科技有限公司
address: 浙江省杭州市西湖区示例路 1 号
servicePhone: 0571-00000000
icpNumber: 浙ICP备00000000号-1
share: { title: 艾灸养生, description: 查穴位、学艾灸、问顾问 }
store: { url: 'https://shop.example.com/' }
---

我们是一家做艾灸用品的公司。
`;

describe.each(DIALECTS)('brand and reviews API on %s (issue #30)', (dialect) => {
  let base: TestApp;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    base = await createTestApp(dialect);
    const product = readFileSync(join(CONTENT_DIR, 'products/pure-moxa-stick.md'), 'utf8').replace(
      /^---\n/,
      "---\nstore: { miniProgram: { appId: wx0123456789abcdef, path: 'pages/goods/detail?id=7' } }\n",
    );
    dir = plantedContent({
      'brand.md': BRAND,
      'products/pure-moxa-stick.md': product,
      'reviews/li-portable-box.json': JSON.stringify(review),
    });
    // The same database, its content replaced as a publish would; a second app reads it.
    await loadContent(base.db, dir);
    app = await buildApp({
      env: base.app.ctx.env,
      db: base.db,
      serveWeb: false,
      wechat: null,
      logStream: new Writable({ write: (_c, _e, cb) => cb() }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the seed: GET /api/v8/brand says nothing is set, and products have no store and no reviews', async () => {
    const res = await base.app.inject({ url: '/api/v8/brand' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const data = res.json().data;
    expect(data).toMatchObject({
      companyName: null,
      address: null,
      servicePhone: null,
      icpNumber: null,
      serviceWechatQr: null,
      share: null,
      store: null,
    });
    expect(JSON.stringify(data.about)).toContain('艾灸养生');
    const p = (await base.app.inject({ url: '/api/v8/products/portable-moxa-box' })).json().data;
    expect(p.store).toBeNull();
    expect(p.reviews).toEqual([]);
    expect((await base.app.inject({ url: '/api/v8/products/portable-moxa-box/marketing' })).json().data.reviews).toEqual([]);
  });

  it('answers the brand as set, cached with an ETag', async () => {
    const res = await app.inject({ url: '/api/v8/brand' });
    expect(res.json().data).toMatchObject({
      companyName: '杭州示例健康科技有限公司',
      address: '浙江省杭州市西湖区示例路 1 号',
      servicePhone: '0571-00000000',
      icpNumber: '浙ICP备00000000号-1',
      share: { title: '艾灸养生', description: '查穴位、学艾灸、问顾问', image: null },
      store: { url: 'https://shop.example.com/' },
    });
    expect(res.headers['cache-control']).toBe(CONTENT_CACHE);
    const again = await app.inject({ url: '/api/v8/brand', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('关于我们 (GET /api/v8/about) names the operator from the brand settings', async () => {
    expect((await app.inject({ url: '/api/v8/about' })).json().data).toMatchObject({
      operatorName: '杭州示例健康科技有限公司',
      operatorPhone: '0571-00000000',
      icpNumber: '浙ICP备00000000号-1',
      configured: true,
    });
  });

  it('购买: a product’s own store link wins, others take the brand’s default', async () => {
    expect((await app.inject({ url: '/api/v8/products/pure-moxa-stick' })).json().data.store).toEqual({
      miniProgram: { appId: 'wx0123456789abcdef', path: 'pages/goods/detail?id=7' },
    });
    expect((await app.inject({ url: '/api/v8/products/portable-moxa-box' })).json().data.store).toEqual({
      url: 'https://shop.example.com/',
    });
    expect((await app.inject({ url: '/api/v8/products/portable-moxa-box/marketing' })).json().data.product.store).toEqual({
      url: 'https://shop.example.com/',
    });
  });

  it('a product’s published review is on its detail and marketing answers, without the order number; others have none', async () => {
    const shown = { id: 'li-portable-box', name: '李女士', text: review.text, rating: 5, source: '微信客服', date: '2026-11-20' };
    expect((await app.inject({ url: '/api/v8/products/portable-moxa-box' })).json().data.reviews).toEqual([shown]);
    expect((await app.inject({ url: '/api/v8/products/portable-moxa-box/marketing' })).json().data.reviews).toEqual([shown]);
    expect((await app.inject({ url: '/api/v8/products/pure-moxa-stick' })).json().data.reviews).toEqual([]);
  });
});
