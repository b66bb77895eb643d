import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BrandContentSchema, type BrandContent } from '@moxa/core/brand/brand-contract';
import type { RichText } from '@moxa/core/content/rich-text';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { ContentError, defineKind, parseContent, readContentText, type ContentItem } from '../content/content-kind.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import { MarkdownError, renderMarkdown } from '../content/markdown.ts';
import { describeImage } from '../media/media-library.ts';
import { contentImage } from '../products/product-kinds.ts';

/** Where the brand settings live in the content folder: front matter = the fields, body = 关于我们. */
export const BRAND_FILE = 'brand.md';

export type BrandRecord = BrandContent & {
  about: RichText;
  serviceWechatQrImage: MediaImage | null;
  shareImage: MediaImage | null;
};

/**
 * Brand settings (issue #30, decision 042): one item, `brand`, read from content/brand.md. Without the
 * file (a content folder from before #30) the brand is empty: every field unset, which the H5 hides.
 */
export const brandKind = defineKind<BrandRecord>({
  name: 'brand',
  edit: {
    label: '品牌设置',
    schema: BrandContentSchema,
    note: '公司名称、地址、客服电话和微信二维码、ICP备案号、默认分享卡片和默认购买链接；正文是“关于我们”。没填的项 H5 不显示，请只填真实信息。',
    paths: () => ['/about', '/mine'],
  },
  read: (dir): ContentItem<BrandRecord>[] => {
    if (!existsSync(join(dir, BRAND_FILE))) return [];
    const { data, body } = splitFrontMatter(readContentText(dir, BRAND_FILE), BRAND_FILE);
    const brand = parseContent(BrandContentSchema, data, BRAND_FILE);
    let about: RichText;
    try {
      about = body ? renderMarkdown(body, (src, alt) => describeImage(dir, src, alt)) : { type: 'root', children: [] };
    } catch (err) {
      if (err instanceof MarkdownError) throw new ContentError(`Invalid content in ${BRAND_FILE}: ${err.message}`);
      throw err;
    }
    const image = (i: { src: string; alt: string } | undefined) => (i ? contentImage(dir, BRAND_FILE, i) : null);
    return [
      {
        id: brand.id,
        position: 0,
        file: BRAND_FILE,
        data: { ...brand, about, serviceWechatQrImage: image(brand.serviceWechatQr), shareImage: image(brand.share?.image) },
      },
    ];
  },
});
