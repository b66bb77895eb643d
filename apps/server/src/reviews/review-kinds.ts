import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ReviewContentSchema, type ReviewContent } from '@moxa/core/reviews/review-contract';
import { ContentError, defineKind, readJsonItems } from '../content/content-kind.ts';
import { productMarketingKind } from '../products/product-kinds.ts';

/** The folder of reviews, one `<id>.json` each; absent while there are none (the seed has none). */
export const REVIEWS_FOLDER = 'reviews';

/**
 * Real customer reviews (issue #30, decision 042): each names its product, its source (order or
 * channel), its date and the customer's consent; the schema refuses one without them. Reviews are read
 * through the product's pages only (product-routes.ts), so the kind is not public.
 */
export const reviewKind = defineKind<ReviewContent>({
  name: 'review',
  edit: {
    label: '用户评价',
    schema: ReviewContentSchema,
    creatable: true,
    note: '只录入真实评价：写明来源（订单号或渠道）和日期，并已取得顾客同意公开；称呼里不能有手机号或数字。',
    newItemFile: (id) => `${REVIEWS_FOLDER}/${id}.json`,
    // Issue #30: a review shows on its product's page and, where there is one, its promotional page
    // (marketing pages carry the product's reviews, product-routes.ts); both are previewed.
    paths: (id, compiled) => {
      const product = (compiled?.get('review')?.find((r) => r.id === id)?.data as ReviewContent | undefined)?.product;
      if (!product) return [];
      const marketing = compiled?.get(productMarketingKind.name)?.some((m) => m.id === product);
      const ref = encodeURIComponent(product);
      return [`/product_detail/${ref}`, ...(marketing ? [`/product_marketing/${ref}`] : [])];
    },
  },
  read: (dir) => (existsSync(join(dir, REVIEWS_FOLDER)) ? readJsonItems(dir, REVIEWS_FOLDER, ReviewContentSchema) : []),
  refs: (r) => [{ kind: 'product', id: r.product }],
  check: (items, all) => {
    // A review cannot be from the future (a typo in the year, or a made-up one); a day's grace for time zones.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const devices = new Set(
      (all.get('product') ?? []).filter((p) => (p.data as { registrationNo?: string }).registrationNo).map((p) => p.id),
    );
    for (const r of items) {
      if (r.data.date > tomorrow) throw new ContentError(`Invalid content in ${r.file}: date ${r.data.date} is in the future`);
      // 《广告法》 §16 (4): no endorsements in medical-device advertising (the console's check says so in Chinese).
      if (devices.has(r.data.product))
        throw new ContentError(
          `Invalid content in ${r.file}: ${r.data.product} is a registered medical device, whose pages carry no reviews`,
        );
    }
  },
});
