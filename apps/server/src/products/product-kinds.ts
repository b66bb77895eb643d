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
  readJsonItems,
  readJsonList,
  readMarkdownItems,
  type ContentItem,
  type MarkdownFields,
} from '../content/content-kind.ts';
import { describeImage, MediaError } from '../media/media-library.ts';

/** Product center (issue #16): types, products with their gallery described from the media library, marketing pages. */
export type ProductRecord = ProductContent & MarkdownFields & { gallery: MediaImage[] };
export type MarketingBlockRecord =
  | Exclude<MarketingBlock, { kind: 'hero' | 'scenes' }>
  | (Omit<Extract<MarketingBlock, { kind: 'hero' }>, 'image'> & { image: MediaImage })
  | (Omit<Extract<MarketingBlock, { kind: 'scenes' }>, 'items'> & {
      items: { title: string; text: string; image?: MediaImage }[];
    });
export type ProductMarketingRecord = Omit<ProductMarketingContent, 'blocks'> & { blocks: MarketingBlockRecord[] };

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
  read: (dir) => readJsonList(dir, 'products/types.json', ProductTypeSchema),
});

export const productKind = defineKind<ProductRecord>({
  name: 'product',
  read: (dir) =>
    readMarkdownItems(dir, 'products', ProductContentSchema).map((item): ContentItem<ProductRecord> => ({
      ...item,
      data: { ...item.data, gallery: item.data.images.map((i) => contentImage(dir, item.file, i)) },
    })),
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
  read: (dir) =>
    readJsonItems(dir, 'product-marketing', ProductMarketingContentSchema).map((item) => ({
      ...item,
      data: {
        ...item.data,
        blocks: item.data.blocks.map((b): MarketingBlockRecord => {
          if (b.kind === 'hero') return { ...b, image: contentImage(dir, item.file, b.image) };
          if (b.kind === 'scenes')
            return { ...b, items: b.items.map((s) => ({ ...s, image: s.image ? contentImage(dir, item.file, s.image) : undefined })) };
          return b;
        }),
      },
    })),
  refs: (m) => [{ kind: 'product', id: m.id }],
});
