import { z } from 'zod';
import { RichTextSchema } from '../content/rich-text.ts';
import { MediaImageSchema } from '../media/media-contract.ts';
import { ContentImageSchema, StoreLinkSchema } from '../products/product-contract.ts';

/**
 * Brand settings (issue #30): who runs the service and how to reach them, 关于我们, the default share
 * card and the default store, as one content item (content/brand.md: these fields as front matter,
 * 关于我们 as its Markdown body), edited in the console through draft → checks → review → publish like
 * any content. Every field may stay empty: the H5 hides what is not set, and the seed invents nothing
 * (no company, licence or ICP number that is not the operator's own).
 */
const optionalText = (max: number, error: string) => z.string().trim().max(max, { error }).optional();

/** 京ICP备12345678号-1, 浙ICP证B2-20190001号: a province, ICP备/ICP证, the number, 号, an optional site suffix. */
const ICP = /^$|^\p{Script=Han}{1,3}ICP[备证][A-Z0-9-]{4,20}号(-\d{1,3})?$/u;
/** Digits with the usual separators: 0571-88888888, 400-123-4567, +86 138 0000 0000. */
const PHONE = /^$|^\+?[0-9][0-9 ()-]{4,30}[0-9]$/;

export const BrandContentSchema = z.object({
  id: z.literal('brand'),
  /** The company (运营者) as registered. */
  companyName: optionalText(100, '公司名称最多 100 字'),
  address: optionalText(200, '地址最多 200 字'),
  /** 客服电话. */
  servicePhone: z.string().trim().regex(PHONE, { error: '客服电话只能有数字、空格、+ - 和括号' }).optional(),
  /** 客服微信二维码: a picture from the media library, with its alt text. */
  serviceWechatQr: ContentImageSchema.optional(),
  /** ICP备案号, shown with a link to beian.miit.gov.cn. */
  icpNumber: z.string().trim().regex(ICP, { error: 'ICP备案号的格式是 京ICP备12345678号-1' }).optional(),
  /** What a shared page without a card of its own shows (and 关于我们's own card). */
  share: z
    .object({
      title: z.string().trim().min(1).max(30, { error: '分享标题最多 30 字' }),
      description: z.string().trim().min(1).max(60, { error: '分享描述最多 60 字' }),
      image: ContentImageSchema.optional(),
    })
    .optional(),
  /** The default store: 购买 of every product without a store link of its own. */
  store: StoreLinkSchema.optional(),
});
export type BrandContent = z.infer<typeof BrandContentSchema>;

/** GET /api/v8/brand: the brand settings as the H5 shows them; null is "not set" (shown as nothing). */
export const BrandSchema = z.object({
  companyName: z.string().nullable(),
  address: z.string().nullable(),
  servicePhone: z.string().nullable(),
  serviceWechatQr: MediaImageSchema.nullable(),
  icpNumber: z.string().nullable(),
  /** 关于我们, sanitised rich text; empty when the operator wrote none. */
  about: RichTextSchema,
  share: z.object({ title: z.string(), description: z.string(), image: MediaImageSchema.nullable() }).nullable(),
  store: StoreLinkSchema.nullable(),
});
export type Brand = z.infer<typeof BrandSchema>;

/** ICP filings are looked up on the MIIT's site; the number links there (《互联网信息服务管理办法》). */
export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';
