import { SAFETY_FACTS, type SafetyFactId } from '../../safety/safety-facts.ts';
import type { Rule } from './context.ts';
import { leaves, type SourceItem } from './source-tree.ts';

/**
 * Issue #26 "So it cannot drift again": each safety fact is declared once (core safety/safety-facts.ts)
 * and pages refer to it with `{{safety:<id>}}`. A page that retypes a fact's numbers would drift
 * when the fact changes, so it is refused with the placeholder to write instead.
 */

export type Restatement = {
  fact: SafetyFactId;
  /** What the fact is about, for the message. */
  about: string;
  pattern: RegExp;
  /** For texts that cannot hold a placeholder (subtitles, video scenes): is this statement the fact? */
  same: (m: string) => boolean;
};

export const RESTATEMENTS: Restatement[] = [
  {
    fact: 'fever',
    about: '发热时暂停施灸',
    pattern:
      /(发热|发烧|体温|低热|高热)[^。；\n]{0,12}?(3[6-9]|4[01])(\.\d)?\s*(℃|度)|(3[6-9]|4[01])(\.\d)?\s*(℃|度)[^。；\n]{0,6}?(以上|发热|发烧)/g,
    same: (m) => m.includes(SAFETY_FACTS.fever.values.temp),
  },
  {
    fact: 'blood-pressure',
    about: '高血压患者施灸的血压界限',
    pattern: /1[3-9]\d\s*\/\s*(8|9|1[01])\d\s*(mmHg|毫米汞柱)?/g,
    same: (m) => m.replace(/\s/g, '').startsWith('160/100'),
  },
  {
    fact: 'extinguish',
    about: '艾条熄灭后等待的时间',
    pattern: /(熄灭|灭艾|闷灭|灭火|掐灭)[^。！\n]{0,40}?(\d+|半)\s*(分钟|个?小时)/g,
    same: (m) => /30\s*分钟|半小时|半个小时/.test(m),
  },
  {
    fact: 'distance',
    about: '艾条离皮肤的距离',
    pattern:
      /(离|距离?)(开)?(皮肤|体表|穴位)?[^。；，、\n]{0,4}?\d+(\.\d+)?\s*([～~-]\s*\d+\s*)?(厘米|公分|cm)|保持\s*\d+\s*([～~-]\s*\d+\s*)?(厘米|公分|cm)/g,
    same: (m) => /(2～3|3～4|约?3)\s*(厘米|公分)|两三厘米/.test(m),
  },
  {
    fact: 'heated-device',
    about: '加热用品的皮肤温度上限',
    pattern: /(4[2-9]|[5-6]\d)\s*(℃|度)/g,
    same: (m) => m.includes(SAFETY_FACTS['heated-device'].values.skinMax) || m.includes(SAFETY_FACTS['heated-device'].values.lowTemp),
  },
  { fact: 'crisis', about: '心理援助热线', pattern: /心理援助热线|12356/g, same: (m) => !/热线/.test(m) || m.includes('12356') },
];

/** Every retyped fact in a text, as written (placeholders not rendered). */
export function restatementsIn(text: string): { r: Restatement; match: string }[] {
  return RESTATEMENTS.flatMap((r) => [...text.matchAll(r.pattern)].map((m) => ({ r, match: m[0] })));
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PRICE_FOLDERS = /^(products|product-marketing)\//;
const perPoint = Number.parseInt(SAFETY_FACTS['session-caps'].values.perPoint, 10);
const perSession = Number.parseInt(SAFETY_FACTS['session-caps'].values.perSession, 10);

/** What is wrong with one text, as (rule, message) pairs. */
function textFindings(text: string, file: string): { rule: string; message: string }[] {
  const out: { rule: string; message: string }[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const inner = m[1]!;
    const safety = /^safety:([a-z-]+)(?:\.([a-zA-Z]+))?$/.exec(inner);
    if (safety) {
      const fact = (SAFETY_FACTS as Record<string, { values: Record<string, string> }>)[safety[1]!];
      if (!fact)
        out.push({
          rule: 'unknown-safety-fact',
          message: `「${m[0]}」不是已声明的安全规定，请检查拼写（可用：${Object.keys(SAFETY_FACTS).join('、')}）`,
        });
      else if (safety[2] && fact.values[safety[2]] === undefined)
        out.push({ rule: 'unknown-safety-fact', message: `「${m[0]}」：安全规定 ${safety[1]} 没有 ${safety[2]} 这一项` });
    } else if (/^price(:[a-z0-9-]+)?$/.test(inner)) {
      if (!PRICE_FOLDERS.test(file)) out.push({ rule: 'unknown-placeholder', message: `「${m[0]}」只能用在产品页和推广页里` });
    } else out.push({ rule: 'unknown-placeholder', message: `「${m[0]}」不是可用的占位写法，请写 {{safety:…}} 或 {{price}}` });
  }
  for (const { r, match } of restatementsIn(text))
    out.push({
      rule: 'retyped-safety-fact',
      message: `「${match}」重复写了已声明的安全规定（${r.about}），请改为引用 {{safety:${r.fact}}}，以免以后两处说法不一致`,
    });
  for (const m of text.matchAll(/(每穴|每个穴位|每处)[^。；\n]{0,8}?(\d+)\s*分钟/g))
    if (Number(m[2]) > perPoint)
      out.push({ rule: 'session-caps', message: `「${m[0]}」超过了每个穴位 ${perPoint} 分钟的上限，请引用 {{safety:session-caps}}` });
  for (const m of text.matchAll(/(一次总|每次总|总时间|总共|总时长)[^。；\n]{0,10}?(\d+)\s*(分钟|小时)/g))
    if (Number(m[2]) * (m[3] === '小时' ? 60 : 1) > perSession)
      out.push({ rule: 'session-caps', message: `「${m[0]}」超过了一次总共 ${perSession} 分钟的上限，请引用 {{safety:session-caps}}` });
  return out;
}

/** Applies to every Markdown and JSON text people read (the search test lists aside), per field where the file has items. */
const safetyFacts: Rule = (ctx) => {
  const itemsOf = new Map<string, SourceItem[]>();
  for (const item of ctx.parsed.items) itemsOf.set(item.file, [...(itemsOf.get(item.file) ?? []), item]);
  for (const [file, text] of ctx.parsed.tree) {
    if (!/\.(md|json)$/.test(file) || file.startsWith('search/')) continue;
    // The whole file first (fast); only a file with findings is searched field by field.
    const whole = textFindings(text, file);
    if (whole.length === 0) continue;
    const before = ctx.findings.length;
    for (const item of itemsOf.get(file) ?? [])
      for (const leaf of leaves(item)) for (const f of textFindings(leaf.raw, file)) ctx.add(item, f.rule, leaf.path, f.message);
    // Not in any one field (a file that could not be read, or a text spread over fields): the file as a whole.
    if (ctx.findings.length === before) for (const f of whole) ctx.addFile(file, f.rule, f.message);
  }
};

export const SAFETY_FACT_RULES: Rule[] = [safetyFacts];
