import {
  bannedInPregnancy,
  FACE_FRONT_NECK_POINTS,
  FOOT_ANKLE_POINTS,
  PREGNANCY_BANNED_POINTS,
  SAFETY_FACTS,
} from '../../safety/safety-facts.ts';
import { pointLabel, type CheckContext, type PointView, type Rule } from './context.ts';
import { leaves, list, rec, str } from './source-tree.ts';

/**
 * The acupoint pages' safety rules (issue #15, corrected against GB/T 12346-2021; issue #26 declared
 * facts): each catches one kind of slip a review found, so an edit in the console cannot bring it back.
 */

/** Around the eye (睛明, 攒竹, 鱼腰, 丝竹空, 瞳子髎, 承泣, 球后): none is for home moxibustion. */
export const EYE_POINTS = ['BL1', 'BL2', 'EX-HN4', 'TE23', 'GB1', 'ST1', 'EX-HN7'];
/** Classical and modern no-moxa points that must stay 禁灸. */
export const FORBIDDEN_POINTS = ['BL1', 'ST1', 'ST9', 'LU8', 'ST17', 'GV26', 'TE23'];
/** From the first lumbar vertebra down (命门, 悬枢 … 腰奇; 痞根 and 肓门 at L1): banned in pregnancy. */
export const LUMBOSACRAL_POINTS = [
  ...Array.from({ length: 14 }, (_, i) => `BL${22 + i}`),
  ...['BL51', 'BL52', 'BL53', 'BL54', 'GV1', 'GV2', 'GV3', 'GV4', 'GV5'],
  ...['EX-B4', 'EX-B5', 'EX-B6', 'EX-B7', 'EX-B8', 'EX-B9'],
];
/** 《针灸大成》禁灸穴 that modern practice moxibusts: their pages must say the classics forbid them. */
export const CLASSICAL_NO_MOXA = [
  'SP1',
  'SP7',
  'SP9',
  'SP16',
  'SP20',
  'ST31',
  'ST32',
  'ST33',
  'ST35',
  'ST38',
  'ST30',
  'CV15',
  'GV6',
  'TE18',
];
/** Old or rare terms (and characters missing from phone fonts), with the plain word to use. */
export const OLD_TERMS: [string, string][] = [
  ['㖞', '歪'],
  ['咯血', '咳血'],
  ['衄血', '鼻出血'],
  ['齿痛', '牙痛'],
  ['暴喑', '突然失声'],
  ['瞤', '跳动'],
];
/** Well-known special-point categories. */
export const KNOWN_CATEGORIES: [string, string[]][] = [
  ['ST36', ['合穴', '下合穴']],
  ['LU7', ['络穴', '八脉交会穴']],
  ['CV12', ['募穴', '八会穴']],
  ['BL23', ['背俞穴']],
  ['LI4', ['原穴']],
  ['PC6', ['络穴', '八脉交会穴']],
];
const PREGNANCY_SOFT = /孕妇慎|孕妇禁用|孕妇不用/;
const FACE_HOME_METHOD = /悬灸|温和灸|施灸时|保持距离|时间宜短|短时|远距离/;
const DIABETIC_WORKAROUND = /糖尿病[^；。]*(看护|慎灸|试温)|麻木[^；。]*(可|作)[^；。]*灸/;
const HIGH_FEVER_ONLY = /高热[^；。，]*不宜[^；。]*灸|体温较高/;
/** A temperature (℃, or 35 to 69 followed by 度; 屈肘约90度 is an angle) or a distance typed into a point, meridian or scheme page. */
export const OWN_TEMPERATURE = /\d+(\.\d)?\s*℃|(?<!\d)(3[5-9]|[4-6]\d)(\.\d)?\s*度/;
export const OWN_DISTANCE =
  /(离|距离?)[^。；，、"]{0,6}\d+(\.\d+)?\s*([～~-]\s*\d+\s*)?(厘米|公分)|保持[^。；"]{0,8}\d+\s*([～~-]\s*\d+\s*)?(厘米|公分)/;

/** Which field of a point holds a phrase: the note, or the caution that says it. */
function fieldOf(p: PointView, re: RegExp): string {
  if (re.test(p.note)) return 'moxa.note';
  const i = p.cautions.findIndex((c) => re.test(c));
  return i >= 0 ? `cautions.${i}` : 'cautions';
}

const pointRules: Rule = (ctx) => {
  const names = new Map<string, string>();
  for (const p of ctx.points.values()) {
    const { item, code } = p;
    const label = `${pointLabel(p, code)}（${code}）`;
    const add = (rule: string, field: string, message: string) => ctx.add(item, rule, field, message);

    // Every page complete (issue #4).
    if (!/[\u4e00-\u9fff]/.test(str(item.data.location))) add('point-incomplete', 'location', `${label}缺少定位说明`);
    if (str(item.data.findMethod).length <= 4) add('point-incomplete', 'findMethod', `${label}的取穴方法太短，请写清怎么找到这个穴位`);
    if (p.indications.length === 0) add('point-incomplete', 'indications', `${label}缺少主治`);
    if (p.cautions.length === 0) add('point-incomplete', 'cautions', `${label}缺少注意事项`);
    if (str(item.data.pinyin).split(' ').length !== [...p.name].length)
      add('point-pinyin', 'pinyin', `${label}的拼音须每个字一个音节、用空格隔开`);
    if (p.level === 'forbidden' || FACE_FRONT_NECK_POINTS.has(code)) {
      if (p.methods.length > 0) add('point-no-home-method', 'moxa.methods', `${label}不能在家施灸，施灸方法须留空`);
    } else {
      if (p.methods.length === 0) add('point-incomplete', 'moxa.methods', `${label}可以施灸，请写明施灸方法`);
      if (!/分钟/.test(p.minutes)) add('point-incomplete', 'moxa.minutes', `${label}请写明施灸时间（几分钟）`);
    }
    if (p.meridian === 'EX' && !/^EX-(HN|CA|B|UE|LE)\d+$/.test(code)) add('point-code', 'code', `经外奇穴编号须写成 EX-HN1 这样的形式`);
    if (code === 'EX-HN3') add('point-code', 'code', '印堂已归入督脉（GV29），不再用 EX-HN3');
    const other = names.get(p.name);
    if (other && p.name) add('point-unique', 'name', `穴名「${p.name}」与 ${other} 重名`);
    names.set(p.name, code);

    // Levels that must not soften.
    if (EYE_POINTS.includes(code) || FORBIDDEN_POINTS.includes(code)) {
      if (p.level !== 'forbidden') add('point-forbidden', 'moxa.level', `${label}是禁灸穴，施灸等级须为“禁灸”`);
      if (EYE_POINTS.includes(code) && p.methods.length > 0) add('point-forbidden', 'moxa.methods', `${label}在眼周，施灸方法须留空`);
    }
    for (const [c, cats] of KNOWN_CATEGORIES)
      if (c === code)
        for (const cat of cats)
          if (!list(item.data.categories).includes(cat)) add('point-categories', 'categories', `${label}属于${cat}，特定穴类别里不能少`);
    if (['LI4', 'SP6', 'CV4'].includes(code) && !/孕/.test(p.cautions.join('')))
      add('point-pregnancy', 'cautions', `${label}是孕期禁灸穴，注意事项须写明“孕妇禁灸”`);

    // Pregnancy (issue #15, #26): the abdomen, the lower back and the declared set say 孕妇禁灸, never 慎灸.
    if (p.region === 'abdomen' && !p.cautions.includes('孕妇禁灸'))
      add('point-pregnancy', 'cautions', `${label}在腹部，注意事项须单列一条“孕妇禁灸”`);
    if ((p.region === 'abdomen' || PREGNANCY_BANNED_POINTS.has(code)) && PREGNANCY_SOFT.test(p.text))
      add('point-pregnancy', fieldOf(p, PREGNANCY_SOFT), `${label}孕期一律不灸，请写“孕妇禁灸”，不要写“孕妇慎灸/禁用/不用”`);
    if (PREGNANCY_BANNED_POINTS.has(code) && !/孕妇禁灸/.test(p.cautions.join('；')))
      add('point-pregnancy', 'cautions', `${label}是孕期禁灸穴，注意事项须写明“孕妇禁灸”`);
    else if (LUMBOSACRAL_POINTS.includes(code) && !/孕妇禁/.test(p.cautions.join('')))
      add('point-pregnancy', 'cautions', `${label}在腰骶部，注意事项须写明“孕妇禁灸”`);
    else if (bannedInPregnancy(code, p.region) && !/孕妇禁灸|孕期禁灸|孕期一律不灸/.test(p.cautions.join('')))
      add('point-pregnancy', 'cautions', `${label}孕期一律不灸，注意事项须写明“孕妇禁灸”`);

    if (CLASSICAL_NO_MOXA.includes(code) && p.level !== 'forbidden' && !/古籍|医籍|《/.test(p.text))
      add('point-classical', 'moxa.note', `${label}是古籍记载的禁灸穴，请在说明里写明“古籍记载禁灸”再说现代用法`);

    // Plain, diagnosable wording.
    const footFungus = p.indications.indexOf('脚气');
    if (footFungus >= 0) add('point-wording', `indications.${footFungus}`, '“脚气”容易被当成足癣，请写“脚气病”或“足癣”');
    if (p.indications.some((i) => i.includes('脚气病')) && !/足癣/.test(p.cautions.join('')))
      add('point-wording', 'cautions', `${label}主治脚气病，注意事项须说明它不是足癣`);
    if (p.indications.some((i) => /瘰疬|瘿气/.test(i)) && !/颈部肿块须先就医/.test(p.cautions.join('')))
      add('point-see-doctor', 'cautions', `${label}主治颈部肿块，注意事项须写“颈部肿块须先就医”`);
    for (const leaf of leaves(item))
      for (const [old, plain] of OLD_TERMS)
        if (leaf.raw.includes(old))
          add('plain-terms', leaf.path, `「${old}」是生僻或旧称，手机上可能显示不出来，请改为“${plain}”一类的常用说法`);
    if (/^EX-HN(9|1[0-3])$/.test(code)) {
      if (/口腔或鼻腔内的穴位/.test(p.note) || !/^位于(舌|鼻)/.test(p.note))
        add('point-wording', 'moxa.note', `${label}在口腔或鼻腔内，说明须以“位于舌…/位于鼻…”开头写清位置，不要用套话`);
    }

    // Face and front of the neck (issue #26): no home method or time; the note refers to the rule.
    if (FACE_FRONT_NECK_POINTS.has(code)) {
      if (!['caution', 'forbidden'].includes(p.level)) add('face-neck', 'moxa.level', `${label}在面部或颈前，施灸等级须为“慎灸”或“禁灸”`);
      if (p.minutes !== '') add('face-neck', 'moxa.minutes', `${label}在面部或颈前，不在家施灸，施灸时间须留空`);
      if (p.frequency !== '') add('face-neck', 'moxa.frequency', `${label}在面部或颈前，不在家施灸，施灸频次须留空`);
      if (p.methods.length > 0) add('face-neck', 'moxa.methods', `${label}在面部或颈前，施灸方法须留空`);
      if (!p.note.startsWith('{{safety:face-neck}}。'))
        add('face-neck', 'moxa.note', `${label}在面部或颈前，说明须以 {{safety:face-neck}}。 开头，引用统一的安全规定`);
      else {
        const rest = p.note.replace('{{safety:face-neck}}。', '');
        if (rest.length > 40 || rest.replace(/。$/, '').includes('。'))
          add('face-neck', 'moxa.note', `${label}的说明在安全规定后最多再写一句（40字以内）`);
      }
      if (FACE_HOME_METHOD.test(p.text))
        add('face-neck', fieldOf(p, FACE_HOME_METHOD), `${label}在面部或颈前，不能写在家怎么灸（${FACE_HOME_METHOD.exec(p.text)![0]}）`);
    }

    // Feet and ankles (issue #26): diabetes and numb feet are not moxibusted at home.
    if (FOOT_ANKLE_POINTS.has(code)) {
      if (!p.cautions.some((c) => c === '糖尿病患者和脚部感觉减退者在家不灸本穴' || c.includes('{{safety:diabetic-feet}}')))
        add(
          'diabetic-feet',
          'cautions',
          `${label}在脚或脚踝，注意事项须写“糖尿病患者和脚部感觉减退者在家不灸本穴”或引用 {{safety:diabetic-feet}}`,
        );
      if (DIABETIC_WORKAROUND.test(p.text))
        add(
          'diabetic-feet',
          fieldOf(p, DIABETIC_WORKAROUND),
          `${label}：糖尿病或脚麻的人在家不灸脚部，不要写“有人看护/慎灸/试温”一类变通做法`,
        );
    }

    // Fever (issue #26): pause in any fever, not only a high one.
    if (HIGH_FEVER_ONLY.test(p.text))
      add('fever', fieldOf(p, HIGH_FEVER_ONLY), `${label}：发热时一律暂停施灸，不要写“高热时不宜灸”或“体温较高”`);
    if (['BL12', 'BL13', 'GV12', 'GV13', 'GV14'].includes(code) && !/发热时暂停施灸/.test(p.text))
      add('fever', 'moxa.note', `${label}常用于感冒，须写明“发热时暂停施灸”`);

    if (code === 'HT7') {
      if (!/尺动脉/.test(p.note)) add('point-artery', 'moxa.note', '神门旁有尺动脉，说明里须提到（其他页面引用这一句）');
      if (!/动脉/.test(p.cautions.join('；'))) add('point-artery', 'cautions', '神门的注意事项须提醒旁边有动脉');
    }
    if (code === 'SP9') {
      for (const [re, words] of [
        [/寒湿者可灸/, '寒湿者可灸'],
        [/痰湿[^；。]*可灸/, '痰湿者可灸'],
        [/湿热者以按揉为主/, '湿热者以按揉为主'],
      ] as const)
        if (!re.test(p.text)) add('point-cold-damp', 'moxa.note', `阴陵泉只在寒湿、痰湿时灸，须写明“${words}”`);
      if (/时间不宜长/.test(p.text)) add('point-cold-damp', fieldOf(p, /时间不宜长/), '阴陵泉的说明不要写“时间不宜长”，而是写明哪些人可灸');
    }
  }
};

/** Temperatures and distances come from the declared facts, not typed into point, meridian or scheme pages. */
const ownNumbers: Rule = (ctx) => {
  for (const item of [...ctx.of('acupoint'), ...ctx.of('meridian'), ...ctx.of('scheme')])
    for (const leaf of leaves(item)) {
      const t = OWN_TEMPERATURE.exec(leaf.raw);
      if (t) ctx.add(item, 'own-temperature', leaf.path, `「${t[0]}」：温度不要自己写，请引用统一的安全规定（如 {{safety:fever}}）`);
      const d = OWN_DISTANCE.exec(leaf.raw);
      if (d)
        ctx.add(
          item,
          'own-distance',
          leaf.path,
          `「${d[0]}」：施灸距离不要自己写，请改用 {{safety:distance.standard}} 或 {{safety:distance.gentle}}`,
        );
    }
};

/** Every point is drawn on an existing chart view, inside the figure; the figures carry no script. */
const chartRules: Rule = (ctx) => {
  const raw = ctx.parsed.tree.get('charts/points.json');
  if (raw === undefined) return;
  let marks: Record<string, unknown>;
  try {
    marks = rec(JSON.parse(raw));
  } catch {
    return; // reported as a syntax finding
  }
  const views = new Map(ctx.of('chart-view').map((v) => [v.id, v]));
  for (const p of ctx.points.values()) {
    const mark = rec(marks[p.code]);
    const view = views.get(str(mark.view));
    if (!view) {
      ctx.add(p.item, 'chart', '', `${pointLabel(p, p.code)}还没有标在穴位图上（charts/points.json）`);
      continue;
    }
    if (Number(mark.x) > Number(view.data.width) || Number(mark.y) > Number(view.data.height))
      ctx.add(p.item, 'chart', '', `${pointLabel(p, p.code)}在穴位图上的位置超出了图的范围`);
  }
  for (const v of ctx.of('chart-view')) {
    const svg = ctx.parsed.tree.get(`charts/${v.id}.svg`);
    if (svg === undefined) ctx.add(v, 'chart', '', `穴位图 charts/${v.id}.svg 不存在`);
    else if (!/^<svg[^>]*viewBox="0 0 [\d.]+ [\d.]+"/.test(svg) || /<script|href="http|on[a-z]+=/i.test(svg))
      ctx.add(v, 'chart', '', `穴位图 charts/${v.id}.svg 须以带 viewBox 的 <svg> 开头，且不能含脚本或外部链接`);
  }
};

/** Meridian tips agree with the point pages (issue #15, #26). */
const meridianRules: Rule = (ctx) => {
  const points = [...ctx.points.values()];
  const faceNames = [...FACE_FRONT_NECK_POINTS].map((c) => ctx.points.get(c)?.name).filter((n): n is string => Boolean(n));
  const risky = points.filter((p) => p.level !== 'suitable' && p.name).map((p) => p.name);
  for (const m of ctx.of('meridian')) {
    const tips = str(m.data.moxaTips);
    for (const clause of tips.split(/[；。]/)) {
      const named = faceNames.filter((n) => clause.includes(n));
      if (named.length > 0 && !/不灸|禁灸|不施灸/.test(clause))
        ctx.add(m, 'face-neck', 'moxaTips', `「${named.join('、')}」在面部或颈前，艾灸提示里提到它时只能说“不灸”`);
    }
    if (/孕妇(慎|不宜|不用)/.test(tips))
      ctx.add(m, 'point-pregnancy', 'moxaTips', '孕期腹部一律不灸，请写“孕妇禁灸”，不要写“孕妇慎灸/不宜/不用”');
    for (const clause of tips.split(/[，；。]/)) {
      if (!clause.includes('灸')) continue;
      const named = risky.filter((n) => clause.includes(n));
      if (named.length > 0 && !/按揉|禁|慎|不|短时|避开/.test(clause))
        ctx.add(m, 'meridian-risky-point', 'moxaTips', `「${named.join('、')}」是慎灸或禁灸穴，推荐时须写明“按揉”“慎灸”“短时”等限定`);
    }
    if (/头(面)?部[^。]*一般不灸/.test(tips)) {
      const common = points.filter((p) => p.meridian === m.id && p.region === 'head' && p.common && p.level === 'suitable');
      if (common.length > 0)
        ctx.add(
          m,
          'meridian-head',
          'moxaTips',
          `提示说头部一般不灸，但常用穴「${common.map((p) => p.name).join('、')}」标为“可灸”，两处须一致`,
        );
    }
  }
};

/** The declared skin limit for heated products, for the product rules. */
export const SKIN_MAX = parseFloat(SAFETY_FACTS['heated-device'].values.skinMax);

export const ACUPOINT_RULES: Rule[] = [pointRules, ownNumbers, chartRules, meridianRules];
export type { CheckContext };
