import { bannedInPregnancy, FOOT_ANKLE_POINTS } from '../../safety/safety-facts.ts';
import { findInternalLinks } from '../internal-links.ts';
import { SKIN_MAX } from './acupoint-rules.ts';
import type { Rule } from './context.ts';
import { leaves, list, markdownPlain, rawText, rec, shownText, str } from './source-tree.ts';

/**
 * Products and their promotional pages (issue #16, #26): who should not use them, prices only from the
 * price field, heated products within the declared limits, and the safety facts where they are placed.
 */

/** A number followed by 元, or after ¥/￥: a price typed into text instead of rendered from the price field. */
export const TYPED_PRICE = /\d+(?:\.\d+)?\s*(?:元|块钱)|[¥￥]\s*\d/;
/** Products that heat the skin: electric devices and self-heating patches (alone or in a set). */
export const HEATED = /电加热|自发热|暖贴|足贴|热敷贴/;

const productRules: Rule = (ctx) => {
  const problems = ctx.ids('problem');
  const types = ctx.ids('product-type');
  const names = new Map<string, string>();
  const bannedNames = [...ctx.points.values()].filter((p) => bannedInPregnancy(p.code, p.region) && p.name.length > 1).map((p) => p.name);
  for (const p of ctx.of('product')) {
    const d = p.data;
    const raw = rawText(p);
    const add = (rule: string, field: string, message: string) => ctx.add(p, rule, field, message);
    const name = str(d.name);
    if (names.has(name)) add('unique-name', 'name', `产品名「${name}」已被 ${names.get(name)} 使用`);
    names.set(name, p.id);
    if (!types.has(str(d.type))) add('unknown-reference', 'type', `产品分类「${str(d.type)}」不存在`);
    if (
      !/孕/.test(
        list(d.notSuits)
          .map((s) => shownText({ ...p, data: { s }, body: null }))
          .join('；'),
      )
    )
      add('product-not-suits', 'notSuits', '“不适合人群”须写明孕妇（可引用 {{safety:pregnancy}}）');
    if (list(d.cautions).length < 2) add('product-incomplete', 'cautions', '注意事项至少写 2 条');
    if (list(d.usage).length < 2) add('product-incomplete', 'usage', '使用方法至少写 2 步');
    if (markdownPlain(p.body ?? '').length < 80) add('product-incomplete', 'body', '产品详情太短，至少写 80 个字');
    list(d.problems).forEach((id, i) => {
      if (!problems.has(str(id))) add('unknown-reference', `problems.${i}`, `关联的问答「${str(id)}」不存在`);
    });
    const images = list(d.images).map(rec);
    if (images.length < 2) add('product-images', 'images', '每个产品至少放 2 张图片');
    images.forEach((img, i) => {
      if (str(img.alt).length <= 1) add('product-images', `images.${i}.alt`, '请为图片写一句说明（看不见图片的用户会听到它）');
    });

    // Heated products (issue #26): the declared limits, never a temperature or time of their own.
    const others = leaves(p);
    for (const leaf of others) {
      for (const [, t] of leaf.text.matchAll(/(\d+(?:\.\d+)?)℃/g))
        if (HEATED.test(raw) && Number(t) > SKIN_MAX)
          add('heated-device', leaf.path, `${t}℃ 超过了贴肤加热用品的上限（{{safety:heated-device.skinMax}}）`);
    }
    // Placed on a point banned in pregnancy, the abdomen or the lower back; on the feet.
    const codes = [
      ...findInternalLinks(p.body ?? '')
        .filter((l) => l.kind === 'acupoint')
        .map((l) => l.id),
      ...list(rec(d.session).points).map((x) => str(rec(x).code)),
    ];
    const placedOn = `${str(d.summary)}${list(d.usage).map(str).join('')}${list(d.suits).map(str).join('')}`;
    const shown = shownText(p);
    if (
      (codes.some((c) => bannedInPregnancy(c, ctx.points.get(c)?.region ?? '')) ||
        /腹|腰/.test(placedOn) ||
        bannedNames.some((n) => shown.includes(n)) ||
        /腹部|小腹|肚脐|腰骶|后腰/.test(shown)) &&
      !raw.includes('{{safety:pregnancy}}')
    )
      add('pregnancy-warning', 'notSuits', '产品用在孕期禁灸的穴位、腹部或腰部，“不适合人群”须引用 {{safety:pregnancy}}');
    if (
      (codes.some((c) => FOOT_ANKLE_POINTS.has(c)) || /脚掌|脚底|脚踝|足底|足贴|袜子底/.test(placedOn)) &&
      !raw.includes('{{safety:diabetic-feet}}')
    )
      add('diabetic-feet', 'notSuits', '产品用在脚或脚踝，“不适合人群”须引用 {{safety:diabetic-feet}}');
    if (/点燃/.test(list(d.usage).map(str).join(''))) {
      if (!raw.includes('{{safety:fire}}')) add('fire', 'cautions', '需要点燃的产品，须引用 {{safety:fire}}（用什么点火、远离易燃物）');
      if (!raw.includes('{{safety:ventilation}}'))
        add('ventilation', 'cautions', '需要点燃的产品，须引用 {{safety:ventilation}}（一氧化碳与通风）');
    }
  }
};

/** Rules on the file text as written, shared by products and promotional pages. */
const writtenRules: Rule = (ctx) => {
  const products = ctx.ids('product');
  for (const item of [...ctx.of('product'), ...ctx.of('product-marketing')]) {
    const raw = rawText(item);
    const heated = HEATED.test(raw) || HEATED.test(ctx.parsed.tree.get(item.file) ?? '');
    if (heated && !raw.includes('{{safety:heated-device}}'))
      ctx.add(item, 'heated-device', '', '贴肤加热的产品须引用 {{safety:heated-device}}（皮肤温度和使用时长的上限）');
    for (const leaf of leaves(item)) {
      const price = TYPED_PRICE.exec(leaf.raw);
      if (price)
        ctx.add(
          item,
          'typed-price',
          leaf.path,
          `「${price[0]}」：价格不要写在文字里，请写 {{price}}（本产品）或 {{price:产品编号}}，由价格字段自动显示`,
        );
      if (/酒精灯/.test(leaf.raw)) ctx.add(item, 'fire', leaf.path, '不要用酒精灯点艾条，请删去，并引用 {{safety:fire}}');
      if (heated) {
        const temp = /\d+(?:\.\d+)?\s*(?:℃|°C|度)/.exec(leaf.raw);
        if (temp) ctx.add(item, 'heated-device', leaf.path, `「${temp[0]}」：温度请引用 {{safety:heated-device}}，不要自己写`);
        const limit = /(?:不超过|不要超过|最长|最多|贴满)\s*约?\d/.exec(leaf.raw);
        if (limit) ctx.add(item, 'heated-device', leaf.path, `「${limit[0]}」：使用时长的上限请引用 {{safety:heated-device}}，不要自己写`);
      }
      for (const m of leaf.raw.matchAll(/\{\{price:([^}]*)\}\}/g))
        if (!products.has(m[1]!)) ctx.add(item, 'unknown-reference', leaf.path, `{{price:${m[1]}}} 里的产品「${m[1]}」不存在`);
    }
  }
};

const marketingRules: Rule = (ctx) => {
  const products = ctx.ids('product');
  for (const m of ctx.of('product-marketing')) {
    if (!products.has(m.id)) ctx.add(m, 'unknown-reference', '', `推广页「${m.id}」没有对应的产品`);
    if (str(m.data.id) !== m.id) ctx.add(m, 'id-mismatch', 'id', `编号须与文件名一致（${m.id}）`);
    const blocks = list(m.data.blocks).map(rec);
    if (str(blocks[0]?.kind) !== 'hero') ctx.add(m, 'marketing-layout', 'blocks.0', '推广页第一块须是头图（hero）');
    if (str(blocks.at(-1)?.kind) !== 'cta')
      ctx.add(m, 'marketing-layout', `blocks.${Math.max(0, blocks.length - 1)}`, '推广页最后一块须是购买引导（cta）');
    // Issue #26 §18: no invented reviews; real, consented ones come from operators (issue #30).
    blocks.forEach((b, i) => {
      if (str(b.kind) === 'reviews')
        ctx.add(m, 'no-reviews', `blocks.${i}`, '内容里不能放用户评价：真实评价须经用户同意，由运营在评价管理中添加');
    });
    if (/示例评价/.test(rawText(m))) ctx.add(m, 'no-reviews', 'blocks', '内容里不能放示例评价');
    else if (!blocks.some((b) => str(b.kind) === 'reviews') && /"reviews"/.test(ctx.parsed.tree.get(m.file) ?? ''))
      ctx.add(m, 'no-reviews', '', '内容里不能放用户评价（reviews）：真实评价须经用户同意，由运营在评价管理中添加');
  }
};

export const PRODUCT_RULES: Rule[] = [productRules, writtenRules, marketingRules];
