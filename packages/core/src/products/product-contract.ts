import { z } from 'zod';
import { RichTextSchema } from '../content/rich-text.ts';
import { PrescriptionPointSchema } from '../diseases/disease-contract.ts';
import { PageQuerySchema } from '../http/paging.ts';
import { MediaImageSchema, UPLOAD_REF_SOURCE } from '../media/media-contract.ts';
import { PublicReviewSchema } from '../reviews/review-contract.ts';

/**
 * Product center (issue #16): product types and products as authored in content/products/ (types.json,
 * one <id>.md per product: front matter + Markdown details) and content/product-marketing/<id>.json
 * (a promotional page as structured blocks). Claims follow 《广告法》 §17/§19: only a product with a
 * medical-device registration number may name a disease it treats (the wording rules of content/checks, which CI and the console run).
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (max = 200) => z.string().trim().min(1).max(max);
/** A path under content/media, e.g. products/moxa-box-1.svg, or an uploaded image's `uploads/<id>` (issue #30). */
const mediaPath = z.string().regex(new RegExp(`^(?:[a-z0-9][a-z0-9/_.-]*\\.(svg|png|jpg|jpeg)|${UPLOAD_REF_SOURCE})$`));
export const ContentImageSchema = z.object({ src: mediaPath, alt: text(40) });

export const ProductTypeSchema = z.object({
  id: z.string().regex(SLUG).max(40),
  name: text(10),
  icon: z.string().regex(/^[a-z-]+$/),
  summary: text(40),
  position: z.number().int().positive(),
});
export type ProductType = z.infer<typeof ProductTypeSchema>;

/** A WeChat mini-program page: its app id (wx + 16 hex) and the page path with its query (`pages/goods/detail?id=12`). */
export const MiniProgramPageSchema = z.object({
  appId: z.string().regex(/^wx[0-9a-f]{16}$/, { error: '小程序 AppID 是 wx 加 16 位字母数字' }),
  path: z.string().regex(/^\/?[A-Za-z0-9/_?=&.%-]{1,200}$/, { error: '小程序页面路径只能有字母、数字和 / _ ? = & . % -' }),
});
export type MiniProgramPage = z.infer<typeof MiniProgramPageSchema>;

/**
 * Where 购买 goes (issue #30): a web store page (https), a WeChat mini-program page, or both. Inside
 * WeChat a configured mini-program opens with WeChat's own tag (wx-open-launch-weapp); elsewhere the
 * web page. A product's own link wins over the brand's default (content/brand.md).
 */
export const StoreLinkSchema = z
  .object({
    url: z
      .url({ protocol: /^https$/, error: '购买网址要以 https:// 开头' })
      .max(500)
      .optional(),
    miniProgram: MiniProgramPageSchema.optional(),
  })
  .refine((s) => s.url !== undefined || s.miniProgram !== undefined, { error: '购买链接要填网址或小程序页面' });
export type StoreLink = z.infer<typeof StoreLinkSchema>;

export const ProductContentSchema = z.object({
  id: z.string().regex(SLUG).max(64),
  name: text(30),
  type: z.string().regex(SLUG),
  position: z.number().int().positive(),
  summary: text(60),
  /** Price in yuan, with what one unit is (明码标价): 89 元 / 盒, spec 10支/盒. */
  price: z.number().positive().max(100_000),
  unit: text(4),
  spec: text(30),
  images: z.array(ContentImageSchema).min(2).max(6),
  specs: z
    .array(z.object({ name: text(12), value: text(60) }))
    .min(3)
    .max(16),
  usage: z.array(text(100)).min(2).max(10),
  suits: z.array(text(60)).min(1).max(8),
  notSuits: z.array(text(80)).min(1).max(10),
  /** Up to 160 characters: a caution may be a whole declared safety rule (`{{safety:heated-device}}`, issue #26). */
  cautions: z.array(text(160)).min(1).max(10),
  /** 医疗器械注册证编号 / 备案编号; without one, no claim to treat disease. */
  registrationNo: z.string().max(40).optional(),
  store: StoreLinkSchema.optional(),
  /** Related Q&A (content/problems) and videos (content/videos). */
  problems: z.array(z.string().regex(SLUG)).max(6).default([]),
  videos: z.array(z.string().regex(SLUG)).max(6).default([]),
  tags: z.array(text(8)).max(4).default([]),
  /** Issue #18: the how-to as a guided session (points in order); only for products used on points. */
  session: z.object({ title: text(20), points: z.array(PrescriptionPointSchema).min(1).max(6), frequency: text(60) }).optional(),
});
export type ProductContent = z.infer<typeof ProductContentSchema>;

/**
 * A price as the product screen shows it (明码标价, apps/web Price): `¥268 / 盒`, `¥29.90 / 盒`. Content never
 * types a price: `{{price}}` (this product's) and `{{price:<product-id>}}` (another's) are rendered with
 * this from the product's price field when content is loaded (issue #26 §20).
 */
export const priceText = (price: number, unit: string): string => `¥${Number.isInteger(price) ? price : price.toFixed(2)} / ${unit}`;

/** A promotional page's blocks, in order (issue #16 /product_marketing/{id}). */
export const MarketingBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hero'), title: text(24), subtitle: text(60), image: ContentImageSchema }),
  z.object({
    kind: z.literal('points'),
    title: text(20),
    items: z
      .array(z.object({ title: text(16), text: text(80) }))
      .min(2)
      .max(6),
  }),
  z.object({
    kind: z.literal('scenes'),
    title: text(20),
    items: z
      .array(z.object({ title: text(16), text: text(80), image: ContentImageSchema.optional() }))
      .min(2)
      .max(6),
  }),
  z.object({
    kind: z.literal('compare'),
    title: text(20),
    columns: z.array(text(12)).min(2).max(3),
    rows: z
      .array(z.object({ label: text(12), values: z.array(text(30)).min(2).max(3) }))
      .min(2)
      .max(8),
  }),
  /** A step may carry a whole declared safety rule (`{{safety:heated-device}}`, issue #26), hence 160. */
  z.object({ kind: z.literal('steps'), title: text(20), items: z.array(text(160)).min(2).max(8) }),
  // No 'reviews' block: reviews are added only from real, consented sources by operators (issue #30), never in content.
  z.object({ kind: z.literal('cta'), title: text(24), text: text(80) }),
]);
export type MarketingBlock = z.infer<typeof MarketingBlockSchema>;

export const ProductMarketingContentSchema = z.object({
  /** The product's id. */
  id: z.string().regex(SLUG),
  title: text(30),
  share: z.object({ title: text(30), description: text(60) }),
  blocks: z.array(MarketingBlockSchema).min(4).max(12),
});
export type ProductMarketingContent = z.infer<typeof ProductMarketingContentSchema>;

/** API shapes (issue #16). */
export const ProductSummarySchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  summary: z.string(),
  price: z.number(),
  unit: z.string(),
  spec: z.string(),
  cover: MediaImageSchema,
  tags: z.array(z.string()),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** `/product`: each type with how many products it holds and its first few. */
export const ProductTypeSectionSchema = ProductTypeSchema.extend({
  count: z.number().int().nonnegative(),
  products: z.array(ProductSummarySchema),
});
export type ProductTypeSection = z.infer<typeof ProductTypeSectionSchema>;

export const ProductListQuerySchema = PageQuerySchema.extend({
  type: z.string().trim().min(1).max(40, { error: '分类不正确' }).optional(),
});

const RelatedVideoSchema = z.object({ id: z.string(), title: z.string(), duration: z.number(), poster: MediaImageSchema });

export const ProductDetailSchema = ProductSummarySchema.extend({
  typeName: z.string(),
  gallery: z.array(MediaImageSchema),
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  usage: z.array(z.string()),
  suits: z.array(z.string()),
  notSuits: z.array(z.string()),
  cautions: z.array(z.string()),
  registrationNo: z.string().nullable(),
  /** Where 购买 leads (the product's own link, else the brand's default); null: none, so the page offers 问顾问 only. */
  store: StoreLinkSchema.nullable(),
  /** Issue #30: real, consented reviews of this product, newest first; empty: the page shows no reviews block. */
  reviews: z.array(PublicReviewSchema),
  hasMarketing: z.boolean(),
  /** Issue #18: the how-to can run as a guided session (/moxa_session?product=<id>). */
  hasSession: z.boolean(),
  body: RichTextSchema,
  problems: z.array(z.object({ id: z.string(), question: z.string() })),
  videos: z.array(RelatedVideoSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

const MarketingBlockOutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hero'), title: z.string(), subtitle: z.string(), image: MediaImageSchema }),
  z.object({ kind: z.literal('points'), title: z.string(), items: z.array(z.object({ title: z.string(), text: z.string() })) }),
  z.object({
    kind: z.literal('scenes'),
    title: z.string(),
    items: z.array(z.object({ title: z.string(), text: z.string(), image: MediaImageSchema.optional() })),
  }),
  z.object({
    kind: z.literal('compare'),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.object({ label: z.string(), values: z.array(z.string()) })),
  }),
  z.object({ kind: z.literal('steps'), title: z.string(), items: z.array(z.string()) }),
  z.object({ kind: z.literal('cta'), title: z.string(), text: z.string() }),
]);
export const ProductMarketingSchema = z.object({
  id: z.string(),
  title: z.string(),
  share: z.object({ title: z.string(), description: z.string() }),
  blocks: z.array(MarketingBlockOutSchema),
  product: ProductSummarySchema.extend({ store: StoreLinkSchema.nullable() }),
  /** Issue #30: as on the product's page; empty: no reviews block. */
  reviews: z.array(PublicReviewSchema),
});
export type ProductMarketing = z.infer<typeof ProductMarketingSchema>;
