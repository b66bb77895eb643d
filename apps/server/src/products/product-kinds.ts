import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaImage } from '@moxa/core/media/media-contract';
import {
  ProductContentSchema,
  ProductMarketingContentSchema,
  ProductTypeSchema,
  type MarketingBlock,
  type ProductContent,
  type ProductMarketingContent,
  type ProductType,
} from '@moxa/core/products/product-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import {
  ContentError,
  defineKind,
  parseContent,
  readJson,
  readJsonList,
  readMarkdownItems,
  type ContentItem,
  type MarkdownFields,
} from '../content/content-kind.ts';
import { describeImage, MediaError } from '../media/media-library.ts';
import { readProductPrices, renderPrices } from './product-prices.ts';

/**
 * Product center (issue #16): types, products with their gallery described from the media library, marketing pages.
 * Prices are written as `{{price}}` / `{{price:<id>}}` and rendered here from the price fields (product-prices.ts).
 */
export type ProductRecord = ProductContent & MarkdownFields & { gallery: MediaImage[] };
type MarketingBlockRecord =
  | Exclude<MarketingBlock, { kind: 'hero' | 'scenes' }>
  | (Omit<Extract<MarketingBlock, { kind: 'hero' }>, 'image'> & { image: MediaImage })
  | (Omit<Extract<MarketingBlock, { kind: 'scenes' }>, 'items'> & {
      items: { title: string; text: string; image?: MediaImage }[];
    });
type ProductMarketingRecord = Omit<ProductMarketingContent, 'blocks'> & { blocks: MarketingBlockRecord[] };

/** An authored image as pages use it; a missing or unreadable file refuses the load, naming the item's file. */
export function contentImage(dir: string, file: string, image: { src: string; alt: string }): MediaImage {
  try {
    return describeImage(dir, image.src, image.alt);
  } catch (err) {
    if (err instanceof MediaError) throw new ContentError(`Invalid content in ${file}: ${err.message}`);
    throw err;
  }
}

export const productTypeKind = defineKind<ProductType>({
  name: 'product-type',
  edit: {
    label: '产品分类',
    schema: ProductTypeSchema,
    creatable: true,
    paths: (id) => ['/product', `/more_product/${encodeURIComponent(id)}`],
  },
  read: (dir) => readJsonList(dir, 'products/types.json', ProductTypeSchema),
});

export const productKind = defineKind<ProductRecord>({
  name: 'product',
  public: { title: (p) => p.name },
  edit: {
    label: '产品',
    schema: ProductContentSchema,
    creatable: true,
    note: '价格只写在 price 字段，正文用 {{price}} 引用；图片从媒体库选（content/media）',
    paths: (id) => [`/product_detail/${encodeURIComponent(id)}`],
  },
  read: (dir) => {
    const items = readMarkdownItems(dir, 'products', ProductContentSchema);
    const prices = new Map(items.map((i) => [i.id, { price: i.data.price, unit: i.data.unit }]));
    return items.map((item): ContentItem<ProductRecord> => ({
      ...item,
      data: {
        ...renderPrices(item.data, item.id, prices, item.file),
        gallery: item.data.images.map((i) => contentImage(dir, item.file, i)),
      },
    }));
  },
  refs: (p) => [
    { kind: 'product-type', id: p.type },
    ...p.problems.map((id) => ({ kind: 'problem', id })),
    ...p.videos.map((id) => ({ kind: 'video', id })),
    ...p.links,
  ],
  search: (p) => ({
    id: p.id,
    name: p.name,
    pinyin: pinyinOf(p.name),
    codes: [],
    keywords: [...p.tags, p.spec],
    title: p.name,
    summary: p.summary,
  }),
});

export const productMarketingKind = defineKind<ProductMarketingRecord>({
  name: 'product-marketing',
  edit: {
    label: '产品推广页',
    schema: ProductMarketingContentSchema,
    creatable: true,
    note: '每个推广页对应一个同名产品',
    paths: (id) => [`/product_marketing/${encodeURIComponent(id)}`],
  },
  /** One page per file, `product-marketing/<product-id>.json`; its prices are rendered before it is validated. */
  read: (dir) => {
    const prices = readProductPrices(dir);
    return readdirSync(join(dir, 'product-marketing'))
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((name, position): ContentItem<ProductMarketingRecord> => {
        const file = `product-marketing/${name}`;
        const id = name.slice(0, -'.json'.length);
        const data = parseContent(ProductMarketingContentSchema, renderPrices(readJson(dir, file), id, prices, file), file);
        if (data.id !== id) throw new ContentError(`Invalid content in ${file}: id ${data.id} does not match the file name`);
        const blocks = data.blocks.map((b): MarketingBlockRecord => {
          if (b.kind === 'hero') return { ...b, image: contentImage(dir, file, b.image) };
          if (b.kind === 'scenes')
            return { ...b, items: b.items.map((s) => ({ ...s, image: s.image ? contentImage(dir, file, s.image) : undefined })) };
          return b;
        });
        return { id, position, file, data: { ...data, blocks } };
      });
  },
  refs: (m) => [{ kind: 'product', id: m.id }],
});
