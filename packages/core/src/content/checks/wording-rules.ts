import { refersTo } from '../../safety/safety-facts.ts';
import type { CheckContext, Rule } from './context.ts';
import { leaves, list, rawText, rendered, str, type Leaf, type SourceItem } from './source-tree.ts';

/**
 * Lawful, honest wording (《广告法》 §9, §17, §19; 《医疗器械广告审查办法》; issue #15, #16, #26): no cure
 * promises on health pages, no disguised ads on condition pages, no absolute or medical claims in
 * product advertising without a registration number, and the safety facts wherever a risk comes up.
 */

/** Cure promises and absolute terms no health page or Q&A answer may use. */
export const CURE_PROMISE = /治愈|根治|痊愈|包治|特效|神效|药到病除|永不复发|立竿见影|无副作用|100%|百分之百|国家级|最佳|行业第一|第一品牌/;
/** Product promotion, kept off condition pages (《广告法》 §17, §19). */
export const PROMOTION = /购买|下单|价格|优惠|商城|旗舰店|本品|我们的产品|本店/;
/** Claims to treat or cure disease: only a product with a medical-device registration number may make them (§17). */
export const MEDICAL_CLAIM = /治疗|治愈|根治|疗效|痊愈|药到病除|包治|特效|神效|消炎|杀菌|抗癌|降血压|降血糖|降血脂|处方|康复/;
/** Absolute terms and endorsements no advertisement may use (§9, §19). */
export const ABSOLUTE =
  /最佳|最好|最高级|最先进|最有效|第一|国家级|世界级|顶级|极品|唯一|100%|百分之百|无副作用|永不|绝对|医生推荐|专家推荐|权威推荐/;
/** 最 followed by a quality word; 最近, 最后, 最多/最少 (limits, times) are ordinary words. */
export const SUPERLATIVE = /最(?![近后初终早晚多少长短低小好])[\u4e00-\u9fff]{1,3}/;
/** What a video's own wording may not promise. */
export const VIDEO_PROMISE = /治愈|根治|药到病除|特效|100%|无副作用|最佳|第一/;
/** Disease wording that may not stand beside a product in a video (§17). */
export const VIDEO_DISEASE_WORDING = /咳嗽|鼻子敏感|过敏|鼻炎|哮喘|关节炎|失眠|痛经|胃病|疾病|调理[^。，]{0,8}(病|症)/;
export const QUICK_EFFECT = /\d+\s*([～~-]\s*\d+\s*)?(次|天)(就|即)可|几次就好|一次见效|马上见效|当天见效/;
export const SEE_DOCTOR = /就医|医院|急诊|120|医生/;

const PROMISE_ADVICE: Record<string, string> = {
  治愈: '“调理”“缓解”',
  根治: '“调理”“缓解”',
  痊愈: '“缓解”“改善”',
  包治: '“适合……的人”',
  特效: '“常用”',
  神效: '“常用”',
  药到病除: '“帮助缓解”',
  永不复发: '“坚持调养”',
  立竿见影: '“坚持一段时间”',
  无副作用: '写明注意事项',
  '100%': '不用绝对化的说法',
  百分之百: '不用绝对化的说法',
};

/** The first string of an item (fields, then body) a pattern matches, rendered as the reader sees it. */
function firstMatch(item: SourceItem, re: RegExp, only?: (path: string) => boolean): { leaf: Leaf; word: string } | null {
  for (const leaf of leaves(item, only)) {
    const m = re.exec(leaf.text);
    if (m) return { leaf, word: m[0] };
  }
  return null;
}

function curePromise(ctx: CheckContext, item: SourceItem, re: RegExp, only?: (path: string) => boolean) {
  const hit = firstMatch(item, re, only);
  if (!hit) return;
  const instead = PROMISE_ADVICE[hit.word];
  ctx.add(
    item,
    'cure-promise',
    hit.leaf.path,
    instead
      ? `「${hit.word}」是承诺疗效的用语，请改为${instead}一类说法`
      : `「${hit.word}」是绝对化或夸大的用语（《广告法》不允许），请删去或换成平实的说法`,
  );
}

const healthPages: Rule = (ctx) => {
  for (const d of ctx.of('disease')) {
    curePromise(ctx, d, CURE_PROMISE);
    const promo = firstMatch(d, PROMOTION);
    if (promo)
      ctx.add(
        d,
        'condition-promotion',
        promo.leaf.path,
        `「${promo.word}」是推销产品的用语，科普的病症页不能推荐或推销产品（《广告法》），请删去`,
      );
    list(d.data.redFlags).forEach((flag, i) => {
      if (!SEE_DOCTOR.test(rendered(str(flag))))
        ctx.add(d, 'red-flag-doctor', `redFlags.${i}`, '每条危险信号都要写明“请及时就医”（或去医院、拨打120）');
    });
  }
  // The everyday names people type are shown with their condition: the same words are kept off them.
  const names = ctx.parsed.tree.get('diseases/everyday-names.json');
  if (names !== undefined) {
    const m = CURE_PROMISE.exec(names) ?? PROMOTION.exec(names);
    if (m) ctx.addFile('diseases/everyday-names.json', 'cure-promise', `「${m[0]}」是承诺疗效或推销的用语，病症的常用叫法里不能用`);
  }
  for (const item of [...ctx.of('notice'), ...ctx.of('problem')]) curePromise(ctx, item, CURE_PROMISE, (p) => p === 'body');
  for (const v of ctx.of('video')) {
    const hit = firstMatch(v, VIDEO_PROMISE, (p) => ['title', 'summary', 'body'].includes(p));
    if (hit) ctx.add(v, 'cure-promise', hit.leaf.path, `「${hit.word}」是承诺疗效或绝对化的用语，视频里不能用，请改为“调理”“缓解”一类说法`);
    if (list(v.data.products).length > 0) {
      const dis = firstMatch(v, VIDEO_DISEASE_WORDING, (p) => p === 'summary' || p === 'body');
      if (dis)
        ctx.add(
          v,
          'video-product-disease',
          dis.leaf.path,
          `视频挂了产品，就不能讲「${dis.word}」这类病症（《广告法》），请去掉产品或改写文案`,
        );
    }
  }
};

/** Product pages and their promotional pages are advertising: lawful claims only. */
const advertising: Rule = (ctx) => {
  const registered = new Map(ctx.of('product').map((p) => [p.id, Boolean(str(p.data.registrationNo))]));
  const check = (item: SourceItem, hasRegistration: boolean, only?: (p: string) => boolean) => {
    if (!hasRegistration) {
      const hit = firstMatch(item, MEDICAL_CLAIM, only);
      if (hit)
        ctx.add(
          item,
          'medical-claim',
          hit.leaf.path,
          `「${hit.word}」是治疗疾病的说法，只有取得医疗器械注册证（填写注册证编号）的产品才能使用；保健用品请写“保健”“养生”“温养”`,
        );
    }
    const abs = firstMatch(item, ABSOLUTE, only);
    if (abs) ctx.add(item, 'absolute-claim', abs.leaf.path, `「${abs.word}」是《广告法》禁止的绝对化或背书用语，请删去或换成平实的说法`);
  };
  for (const p of ctx.of('product')) check(p, registered.get(p.id) ?? false);
  for (const m of ctx.of('product-marketing')) check(m, registered.get(m.id) ?? false);
  // Other 最… words are often absolute claims too, but not always (最近, 最多): advice for the reviewer.
  for (const item of [...ctx.of('product'), ...ctx.of('product-marketing')]) {
    const hit = firstMatch(item, SUPERLATIVE);
    if (hit && !ABSOLUTE.test(hit.leaf.text))
      ctx.add(item, 'superlative', hit.leaf.path, `「${hit.word}」带“最”字，广告里容易构成绝对化用语，请确认不是夸大宣传，或改写`, false);
  }
};

/** Wording rules over every page people read (issue #26). */
const everyPage: Rule = (ctx) => {
  const pages = (['disease', 'notice', 'problem', 'product', 'product-marketing', 'video', 'meridian'] as const).flatMap((k) => ctx.of(k));
  for (const page of pages) {
    const raw = rawText(page);
    const quick = firstMatch(page, QUICK_EFFECT);
    if (quick) ctx.add(page, 'quick-effect', quick.leaf.path, `「${quick.word}」是承诺速效的说法，请改为“坚持一段时间”一类说法`);
    const noAir = firstMatch(page, /不便通风|无需通风|不用通风|不必通风/);
    if (noAir) ctx.add(page, 'ventilation', noAir.leaf.path, `「${noAir.word}」不对：艾绒燃烧会产生一氧化碳，施灸时一定要通风`);
    const smokeless = firstMatch(page, /无烟艾/);
    if (smokeless && !refersTo(raw, 'ventilation'))
      ctx.add(page, 'ventilation', smokeless.leaf.path, '提到无烟艾时，须引用 {{safety:ventilation}}：无烟艾条同样产生一氧化碳');
    const lamp = firstMatch(page, /酒精灯/);
    if (lamp && !refersTo(raw, 'fire')) ctx.add(page, 'fire', lamp.leaf.path, '提到酒精灯时，须引用 {{safety:fire}}（不要用酒精灯点艾条）');
    const crisis = firstMatch(page, /轻生|自杀|伤害自己/);
    if (crisis && !refersTo(raw, 'crisis'))
      ctx.add(page, 'crisis', crisis.leaf.path, '提到轻生或伤害自己时，须引用 {{safety:crisis}}（心理援助的求助电话）');
    const pregnant = firstMatch(page, /孕[^。；]{0,12}(可以?灸|可按|能灸|只灸)/);
    if (pregnant && !refersTo(raw, 'pregnancy'))
      ctx.add(page, 'pregnancy-warning', pregnant.leaf.path, '说到孕期可以灸时，须引用 {{safety:pregnancy}}：孕妇施灸前先问产科医生');
    const diabetic = firstMatch(page, /糖尿病[^。]{0,30}(试温|低温短时|距离加大|时间减半)/);
    if (diabetic)
      ctx.add(
        page,
        'diabetic-feet',
        diabetic.leaf.path,
        `「${diabetic.word}」是变通做法：糖尿病或脚麻的人在家不灸脚部，请引用 {{safety:diabetic-feet}}`,
      );
  }
};

/** Internal links to an EX point name the point (EX numberings differ between editions). */
const exLinkNames: Rule = (ctx) => {
  for (const item of ctx.parsed.items) {
    if (item.body === null) continue;
    for (const m of item.body.matchAll(/\[([^\]]+)\]\(acupoint:(EX-[A-Z]+\d+)\)/g)) {
      const name = ctx.points.get(m[2]!)?.name;
      if (name !== m[1])
        ctx.add(item, 'ex-link-name', 'body', `链接「${m[0]}」的文字须是穴名「${name ?? '（不存在的穴位）'}」，经外奇穴的编号各版本不同`);
    }
  }
};

export const WORDING_RULES: Rule[] = [healthPages, advertising, everyPage, exLinkNames];
