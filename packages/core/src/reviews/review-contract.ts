import { z } from 'zod';

/**
 * Real customer reviews (issue #30): staff add them in the console, one file each in
 * content/reviews/<id>.json, each with where it came from (an order or a channel), the date it was
 * given and the customer's consent to publish it. The seed holds none: a page shows a reviews block
 * only when a product has real ones, and nothing here lets a review be made up without a source.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Any digit, ASCII or full-width: a display name never carries phone digits (issue #30). */
const DIGIT = /[0-9\uff10-\uff19]/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** Where a review came from: the order it was given for, or the channel it reached staff through. */
export const ReviewSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    /** The order number, for staff to trace the review; never shown on the H5. */
    orderNo: z.string().trim().min(4, { error: '请填写订单号' }).max(40),
  }),
  z.object({
    kind: z.literal('channel'),
    /** Shown as written, e.g. 微信客服, 门店回访, 电话回访. */
    channel: z.string().trim().min(2, { error: '请填写评价来自哪个渠道' }).max(20),
  }),
]);
export type ReviewSource = z.infer<typeof ReviewSourceSchema>;

export const ReviewContentSchema = z.object({
  id: z.string().regex(SLUG, { error: '编号只能用小写字母、数字和 -' }).max(64),
  /** The product reviewed (content/products/<id>.md). */
  product: z.string().regex(SLUG, { error: '请选择产品' }),
  text: z.string().trim().min(5, { error: '评价内容至少 5 个字' }).max(500, { error: '评价内容最多 500 字' }),
  /** As the customer agreed to be named (张女士, 老李): never a phone number or any digit. */
  name: z
    .string()
    .trim()
    .min(1, { error: '请填写显示的称呼' })
    .max(12, { error: '称呼最多 12 个字' })
    .refine((s) => !DIGIT.test(s), { error: '称呼里不能有数字（不能出现手机号）' }),
  rating: z.number().int().min(1).max(5).optional(),
  source: ReviewSourceSchema,
  /** The day the customer gave the review, YYYY-MM-DD. */
  date: z.string().regex(ISO_DATE, { error: '日期格式是 2026-11-27' }).refine(isRealDate, { error: '日期不存在' }),
  /** The customer agreed to publication; a review without it is refused, never hidden (issue #30). */
  consent: z.literal(true, { error: '没有顾客同意公开，不能发布这条评价' }),
});
export type ReviewContent = z.infer<typeof ReviewContentSchema>;

/** A review as the H5 shows it: no order number, the source as a short label. */
export const PublicReviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  rating: z.number().int().nullable(),
  /** 订单评价, or the channel's name. */
  source: z.string(),
  date: z.string(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const publicReview = (r: ReviewContent): PublicReview => ({
  id: r.id,
  name: r.name,
  text: r.text,
  rating: r.rating ?? null,
  source: r.source.kind === 'order' ? '订单评价' : r.source.channel,
  date: r.date,
});
