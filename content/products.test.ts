import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { priceText, ProductMarketingContentSchema } from '@moxa/core/products/product-contract';
import { bannedInPregnancy, FOOT_ANKLE_POINTS, SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import type { ContentKind, MarkdownFields } from '../apps/server/src/content/content-kind.ts';
import { richTextPlain } from '../apps/server/src/content/markdown.ts';
import { problemKind } from '../apps/server/src/problems/problem-kinds.ts';
import { productKind, productMarketingKind, productTypeKind } from '../apps/server/src/products/product-kinds.ts';
import { videoKind } from '../apps/server/src/videos/video-kinds.ts';

/**
 * The rules of the field for the product and video centers (issue #16; 《广告法》 §9, §17, §19):
 * a full catalogue, lawful claims, who should not use each product, and videos within their limits.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
const readMarkdown = <T extends MarkdownFields>(kind: ContentKind<T>) =>
  kind.read(DIR).map((item) => ({ ...item.data, file: item.file, text: richTextPlain(item.data.body) }));

const types = productTypeKind.read(DIR).map((i) => i.data);
const products = readMarkdown(productKind);
const marketing = productMarketingKind.read(DIR).map((i) => ({ ...i.data, file: i.file }));
const videos = readMarkdown(videoKind);
const problems = new Set(problemKind.read(DIR).map((i) => i.id));
/** The files as written, before any placeholder is rendered. */
const rawFiles = (folder: string, ext: string) =>
  readdirSync(join(DIR, folder))
    .filter((n) => n.endsWith(ext))
    .map((n) => ({ file: `${folder}/${n}`, id: n.slice(0, -ext.length), text: readFileSync(join(DIR, folder, n), 'utf8') }));
const rawProducts = rawFiles('products', '.md');
const rawMarketing = rawFiles('product-marketing', '.json');
const rawOf = (file: string) => [...rawProducts, ...rawMarketing].find((f) => f.file === file)!.text;
const pointRegion = new Map(
  readdirSync(join(DIR, 'acupoints')).flatMap((f) =>
    (JSON.parse(readFileSync(join(DIR, 'acupoints', f), 'utf8')) as { code: string; region: string }[]).map(
      (p) => [p.code, p.region] as const,
    ),
  ),
);

/** Claims to treat or cure disease: only a product with a medical-device registration number may make them (§17). */
const MEDICAL_CLAIM = /治疗|治愈|根治|疗效|痊愈|药到病除|包治|特效|神效|消炎|杀菌|抗癌|降血压|降血糖|降血脂|处方|康复/;
/** Absolute terms and endorsements no advertisement may use (§9, §19). */
const ABSOLUTE = /最佳|最好|最高级|第一|国家级|顶级|极品|100%|百分之百|无副作用|永不|绝对|医生推荐|专家推荐|权威推荐/;

describe('product catalogue (issue #16)', () => {
  it('has at least 6 types and 24 products, every type with at least 3', () => {
    expect(types.length).toBeGreaterThanOrEqual(6);
    expect(products.length).toBeGreaterThanOrEqual(24);
    for (const t of types) expect(products.filter((p) => p.type === t.id).length, t.name).toBeGreaterThanOrEqual(3);
    expect(new Set(products.map((p) => p.name)).size, 'names are unique').toBe(products.length);
  });

  it('claims to treat disease only with a medical-device registration number, and never in absolute terms', () => {
    for (const p of products) {
      const { file: _f, text, body: _b, gallery: _g, ...fields } = p;
      const all = `${JSON.stringify(fields)}\n${text}`;
      if (!p.registrationNo) expect(all, `${p.file}: a health product says 保健/养生, not 治疗`).not.toMatch(MEDICAL_CLAIM);
      expect(all, p.file).not.toMatch(ABSOLUTE);
    }
    for (const m of marketing) {
      const product = products.find((p) => p.id === m.id)!;
      const all = JSON.stringify(m);
      if (!product.registrationNo) expect(all, `${m.file}: a health product says 保健/养生, not 治疗`).not.toMatch(MEDICAL_CLAIM);
      expect(all, m.file).not.toMatch(ABSOLUTE);
    }
  });

  it('says who should not use each product and how to use it safely', () => {
    for (const p of products) {
      expect(p.notSuits.join('；'), `${p.file}: pregnancy`).toMatch(/孕/);
      expect(p.cautions.length, p.file).toBeGreaterThanOrEqual(2);
      expect(p.usage.length, p.file).toBeGreaterThanOrEqual(2);
      expect(p.text.length, `${p.file}: details too short`).toBeGreaterThanOrEqual(80);
      for (const id of p.problems) expect(problems.has(id), `${p.file}: Q&A ${id}`).toBe(true);
    }
  });

  it('shows every product with at least two pictures, each described', () => {
    for (const p of products) {
      expect(p.gallery.length, p.file).toBeGreaterThanOrEqual(2);
      for (const img of p.gallery) expect(img.alt.length, `${p.file}: ${img.src}`).toBeGreaterThan(1);
    }
  });

  it('opens each promotional page with a hero, ends it with a call to action, and shows no reviews', () => {
    expect(marketing.length).toBeGreaterThanOrEqual(6);
    for (const m of marketing) {
      expect(m.blocks[0]?.kind, `${m.file}: opens with a hero`).toBe('hero');
      expect(m.blocks.at(-1)?.kind, `${m.file}: ends with a call to action`).toBe('cta');
    }
    // Issue #26 §18: no invented reviews; real, consented ones are added by operators (issue #30), never in content.
    const page = JSON.parse(rawMarketing[0]!.text) as { blocks: unknown[] };
    const withReviews = {
      ...page,
      blocks: [...page.blocks, { kind: 'reviews', title: '大家怎么说', items: [{ name: '张女士', text: '好用' }] }],
    };
    expect(ProductMarketingContentSchema.safeParse(withReviews).success, 'a reviews block is refused').toBe(false);
    for (const f of rawMarketing) expect(f.text, f.file).not.toMatch(/"reviews"|示例评价/);
  });
});

describe('prices, heated devices and safety facts in products (issue #26)', () => {
  /** A number followed by 元, or after ¥/￥: a price typed into text instead of rendered from a price field. */
  const TYPED_PRICE = /\d+(?:\.\d+)?\s*(?:元|块钱)|[¥￥]\s*\d/;

  it('never types a price: {{price}} and {{price:<id>}} render it from the price field', () => {
    for (const f of [...rawProducts, ...rawMarketing]) expect(f.text, `${f.file}: write {{price}} instead`).not.toMatch(TYPED_PRICE);
    for (const m of marketing) {
      const raw = rawOf(m.file);
      const rendered = JSON.stringify(m);
      const own = products.find((p) => p.id === m.id)!;
      if (raw.includes('{{price}}')) expect(rendered, m.file).toContain(priceText(own.price, own.unit));
      for (const [, id] of raw.matchAll(/\{\{price:([a-z0-9-]+)\}\}/g)) {
        const other = products.find((p) => p.id === id)!;
        expect(rendered, `${m.file}: ${id}`).toContain(priceText(other.price, other.unit));
      }
      expect(rendered, m.file).not.toContain('{{');
    }
  });

  /** Products that heat the skin: electric devices and self-heating patches (alone or in a set). */
  const HEATED = /电加热|自发热|暖贴|足贴|热敷贴/;
  const skinMax = parseFloat(SAFETY_FACTS['heated-device'].values.skinMax);

  it('gives every heated product the declared skin temperature and time limits, and nothing hotter or longer', () => {
    const heated = [...rawProducts, ...rawMarketing].filter((f) => HEATED.test(f.text));
    expect(heated.length).toBeGreaterThanOrEqual(12);
    for (const f of heated) {
      expect(f.text, `${f.file}: {{safety:heated-device}}`).toContain('{{safety:heated-device}}');
      expect(f.text, `${f.file}: a temperature comes from the fact`).not.toMatch(/\d\s*(?:℃|°C|度)/);
      expect(f.text, `${f.file}: a time limit comes from the fact`).not.toMatch(/(?:不超过|不要超过|最长|最多|贴满)\s*约?\d/);
    }
    for (const p of products.filter((x) => HEATED.test(rawOf(x.file)))) {
      const { file: _f, body: _b, gallery: _g, ...fields } = p;
      for (const [, t] of `${JSON.stringify(fields)}${p.text}`.matchAll(/(\d+(?:\.\d+)?)℃/g))
        expect(Number(t), `${p.file}: ${t}℃ at the skin`).toBeLessThanOrEqual(skinMax);
    }
  });

  it('warns in pregnancy where a product is placed on a banned point, the abdomen or the lower back; on the feet, for diabetes', () => {
    for (const p of products) {
      const raw = rawOf(p.file);
      const codes = [...p.links.filter((l) => l.kind === 'acupoint').map((l) => l.id), ...(p.session?.points.map((x) => x.code) ?? [])];
      const placedOn = `${p.summary}${p.usage.join('')}${p.suits.join('')}`;
      if (codes.some((c) => bannedInPregnancy(c, pointRegion.get(c) ?? '')) || /腹|腰/.test(placedOn))
        expect(raw, `${p.file}: {{safety:pregnancy}}`).toContain('{{safety:pregnancy}}');
      if (codes.some((c) => FOOT_ANKLE_POINTS.has(c)) || /脚掌|脚底|脚踝|足底|足贴|袜子底/.test(placedOn))
        expect(raw, `${p.file}: {{safety:diabetic-feet}}`).toContain('{{safety:diabetic-feet}}');
    }
  });

  it('lights moxa without an alcohol lamp: every product lit with fire gives the fire and ventilation rules', () => {
    for (const f of [...rawProducts, ...rawMarketing]) expect(f.text, f.file).not.toMatch(/酒精灯/);
    for (const p of products.filter((x) => /点燃/.test(x.usage.join('')))) {
      expect(rawOf(p.file), `${p.file}: {{safety:fire}}`).toContain('{{safety:fire}}');
      expect(rawOf(p.file), `${p.file}: {{safety:ventilation}}`).toContain('{{safety:ventilation}}');
    }
  });
});

describe('videos (issue #16)', () => {
  it('has at least 12 videos in both categories, each 20–90 s', () => {
    expect(videos.length).toBeGreaterThanOrEqual(12);
    expect(videos.filter((v) => v.category === 'brand').length).toBeGreaterThanOrEqual(3);
    expect(videos.filter((v) => v.category === 'health').length).toBeGreaterThanOrEqual(6);
    for (const v of videos) expect(v.duration, v.file).toBeGreaterThanOrEqual(20);
  });

  it('plays in WeChat: MP4 with the index first (fast start), at most 2 MB, as long as its page says', () => {
    for (const v of videos) {
      const mp4 = readFileSync(join(DIR, 'media', v.video));
      expect(mp4.length, `${v.video}: at most 2 MB`).toBeLessThanOrEqual(2 * 1024 * 1024);
      const boxes = topLevelBoxes(mp4);
      expect(boxes.indexOf('moov'), `${v.video}: moov before mdat (-movflags +faststart)`).toBeLessThan(boxes.indexOf('mdat'));
      expect(Math.abs(mp4Seconds(mp4) - v.duration), `${v.video}: duration`).toBeLessThanOrEqual(1);
      expect(readFileSync(join(DIR, 'media', v.subtitles), 'utf8').startsWith('WEBVTT'), v.subtitles).toBe(true);
    }
  });

  it('promises no cure', () => {
    for (const v of videos)
      expect(`${v.title}${v.summary}${v.text}`, v.file).not.toMatch(/治愈|根治|药到病除|特效|100%|无副作用|最佳|第一/);
  });
});

/** The types of an MP4's top-level boxes, in order. */
function topLevelBoxes(buf: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= buf.length;) {
    let size = buf.readUInt32BE(at);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    out.push(buf.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return out;
}

/** Duration from the movie header (mvhd): version 0 has 32-bit fields, version 1 64-bit. */
function mp4Seconds(buf: Buffer): number {
  const at = buf.indexOf('mvhd', 0, 'latin1');
  const version = buf[at + 4];
  return version === 1
    ? Number(buf.readBigUInt64BE(at + 28)) / buf.readUInt32BE(at + 24)
    : buf.readUInt32BE(at + 20) / buf.readUInt32BE(at + 16);
}
