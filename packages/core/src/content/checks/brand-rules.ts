import type { Rule } from './context.ts';
import { leaves, rec, str } from './source-tree.ts';
import { ABSOLUTE, CURE_PROMISE, MEDICAL_CLAIM } from './wording-rules.ts';

/**
 * Brand settings and real reviews (issue #30, decision 042). A review shown beside a product is an
 * endorsement in its advertising (《广告法》 §2, §38): it names a product that exists, never one with a
 * medical-device registration number (§16 (4): no endorsements in medical-device advertising), and
 * its words may not promise cures, claim treatment or use absolute terms (§9, §17) — the customer's
 * own words included. 关于我们 is held to the same wording.
 */
const reviewRule: Rule = (ctx) => {
  const products = new Map(ctx.of('product').map((p) => [p.id, p]));
  for (const review of ctx.of('review')) {
    const id = str(review.data.product);
    const product = products.get(id);
    if (!product) ctx.add(review, 'unknown-reference', 'product', `评价的产品「${id}」不存在`);
    else if (str(rec(product.data).registrationNo))
      ctx.add(
        review,
        'review-medical-device',
        'product',
        '医疗器械的广告不能用顾客评价作推荐、证明（《广告法》第十六条），这件产品不能展示评价',
      );
    const text = str(review.data.text);
    const word = CURE_PROMISE.exec(text)?.[0] ?? MEDICAL_CLAIM.exec(text)?.[0] ?? ABSOLUTE.exec(text)?.[0];
    if (word)
      ctx.add(
        review,
        'review-wording',
        'text',
        `评价会作为产品宣传展示，不能有「${word}」这类说法（《广告法》第九条、第十七条），请选用别的评价或征得顾客同意后删去这句`,
      );
  }
};

const brandRule: Rule = (ctx) => {
  for (const brand of ctx.of('brand'))
    for (const leaf of leaves(brand)) {
      const word = CURE_PROMISE.exec(leaf.text)?.[0] ?? MEDICAL_CLAIM.exec(leaf.text)?.[0] ?? ABSOLUTE.exec(leaf.text)?.[0];
      if (word) ctx.add(brand, 'brand-wording', leaf.path, `品牌介绍不能有「${word}」这类说法（《广告法》第九条、第十七条）`);
    }
};

export const BRAND_RULES: Rule[] = [reviewRule, brandRule];
