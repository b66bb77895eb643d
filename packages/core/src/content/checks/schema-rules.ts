import { z } from 'zod';
import { zhCN } from 'zod/locales';
import { AcupointContentSchema } from '../../acupoints/acupoint-contract.ts';
import { ChartViewSchema, MeridianContentSchema } from '../../acupoints/meridian-contract.ts';
import { DiseaseContentSchema, DiseaseGroupSchema } from '../../diseases/disease-contract.ts';
import { BrandContentSchema } from '../../brand/brand-contract.ts';
import { ReviewContentSchema } from '../../reviews/review-contract.ts';
import { GlossaryTermSchema } from '../../glossary/glossary-contract.ts';
import { NoticeContentSchema, NoticeTypeSchema } from '../../notices/notice-contract.ts';
import { QuestionnaireSchema, SchemeSchema } from '../../physical/physical-contract.ts';
import { ProblemContentSchema, ProblemTopicSchema } from '../../problems/problem-contract.ts';
import { priceText, ProductContentSchema, ProductMarketingContentSchema, ProductTypeSchema } from '../../products/product-contract.ts';
import { VideoContentSchema } from '../../videos/video-contract.ts';
import type { Rule } from './context.ts';
import { rec, rendered, str, type ItemKind } from './source-tree.ts';

/**
 * Each item against its kind's schema (the same zod schemas the loader validates with), with every
 * problem on its own field and in words an editor understands, where the loader stops at the first
 * (issue #29 "schema"). Values are checked as shown: safety facts and prices rendered first.
 */
const SCHEMAS: Record<ItemKind, z.ZodType> = {
  acupoint: AcupointContentSchema,
  meridian: MeridianContentSchema,
  'chart-view': ChartViewSchema,
  scheme: SchemeSchema,
  questionnaire: QuestionnaireSchema,
  disease: DiseaseContentSchema,
  'disease-group': DiseaseGroupSchema,
  notice: NoticeContentSchema,
  'notice-type': NoticeTypeSchema,
  problem: ProblemContentSchema,
  'problem-topic': ProblemTopicSchema,
  product: ProductContentSchema,
  'product-type': ProductTypeSchema,
  'product-marketing': ProductMarketingContentSchema,
  video: VideoContentSchema,
  glossary: GlossaryTermSchema,
  brand: BrandContentSchema,
  review: ReviewContentSchema,
};

const TYPE_NAMES: Record<string, string> = { string: '文字', number: '数字', array: '列表', object: '一组字段', boolean: '是或否' };
/** Marks the messages zod made up (a schema's own message replaces it and is kept as written). */
const DEFAULT = '\u0000';

/** An issue in plain Chinese; a schema's own Chinese message is kept. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.message !== DEFAULT) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? '缺少这一项，请填写' : `格式不对，这里应填${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `太长了，最多 ${String(issue.maximum)} 个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `太多了，最多 ${String(issue.maximum)} 项`;
      return `不能大于 ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '不能为空' : `太短了，至少 ${String(issue.minimum)} 个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少要有 ${String(issue.minimum)} 项`;
      return `不能小于 ${String(issue.minimum)}`;
    case 'invalid_value':
      return `只能填：${issue.values.map(String).join('、')}`;
    case 'invalid_format':
      return '格式不对，请按说明的格式填写';
    case 'unrecognized_keys':
      return `有不认识的字段：${issue.keys.join('、')}，请删去或检查拼写`;
    default:
      return zhCN().localeError(issue as never) as string;
  }
}

/** Strings as the reader sees them: safety facts rendered, prices written as from the price field. */
function shown(value: unknown, price: (id: string) => string): unknown {
  if (typeof value === 'string')
    return rendered(value).replace(/\{\{price(?::([a-z0-9-]+))?\}\}/g, (_m, id: string | undefined) => price(id ?? ''));
  if (Array.isArray(value)) return value.map((v) => shown(v, price));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shown(v, price)]));
  return value;
}

const schemaRule: Rule = (ctx) => {
  const prices = new Map(ctx.of('product').map((p) => [p.id, rec(p.data)]));
  for (const item of ctx.parsed.items) {
    const own = item.kind === 'product' || item.kind === 'product-marketing' ? item.id : '';
    const price = (id: string) => {
      const p = prices.get(id || own);
      return p && typeof p.price === 'number' ? priceText(p.price, str(p.unit)) : '¥0 / 件';
    };
    const result = SCHEMAS[item.kind].safeParse(shown(item.data, price), { error: () => DEFAULT, reportInput: true });
    if (result.success) continue;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (seen.has(field)) continue; // one finding per field: the first problem is the one to fix
      seen.add(field);
      ctx.add(item, 'schema', field, issueMessage(issue));
    }
  }
};

export const SCHEMA_RULES: Rule[] = [schemaRule];
