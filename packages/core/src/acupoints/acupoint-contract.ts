import { z } from 'zod';
import { MERIDIAN_ALIASES, MERIDIAN_CODES, REGIONS } from './acupoint-codes.ts';

// Plain constants live in acupoint-codes.ts (no zod) so the web app can use them without pulling zod
// into its chunks; re-exported here so the contract stays the one place to import from.
export { MERIDIAN_ALIASES, MERIDIAN_CODES, MOXA_LEVELS, REGIONS } from './acupoint-codes.ts';

export const MeridianCodeSchema = z.enum(MERIDIAN_CODES);
export type MeridianCode = z.infer<typeof MeridianCodeSchema>;
export const RegionSchema = z.enum(Object.keys(REGIONS) as [keyof typeof REGIONS, ...(keyof typeof REGIONS)[]]);
export type Region = z.infer<typeof RegionSchema>;

export const CATEGORIES = [
  '井穴',
  '荥穴',
  '输穴',
  '经穴',
  '合穴',
  '原穴',
  '络穴',
  '郄穴',
  '募穴',
  '背俞穴',
  '下合穴',
  '八会穴',
  '八脉交会穴',
] as const;

export const ACUPOINT_CODE = /^(?:(?:LU|LI|ST|SP|HT|SI|BL|KI|PC|TE|GB|LR|GV|CV)[1-9][0-9]?|EX-(?:HN|CA|B|UE|LE)[1-9][0-9]?)$/;

export const ChartMarkSchema = z.object({
  view: z.string().min(1),
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
});
export type ChartMark = z.infer<typeof ChartMarkSchema>;

/** One point as written in content/acupoints/<MERIDIAN>.json (design §5). */
export const AcupointContentSchema = z.object({
  code: z.string().regex(ACUPOINT_CODE),
  name: z.string().min(1).max(8),
  pinyin: z.string().regex(/^[\p{Ll}\p{M}]+( [\p{Ll}\p{M}]+)*$/u),
  meridian: z.union([MeridianCodeSchema, z.literal('EX')]),
  region: RegionSchema,
  location: z.string().min(4),
  findMethod: z.string().min(4),
  indications: z.array(z.string().min(1)).min(1),
  moxa: z.object({
    level: z.enum(['suitable', 'caution', 'forbidden']),
    methods: z.array(z.string().min(1)),
    minutes: z.string(),
    frequency: z.string(),
    note: z.string(),
  }),
  cautions: z.array(z.string().min(1)).min(1),
  categories: z.array(z.enum(CATEGORIES)),
  categoryNote: z.string().optional(),
  common: z.boolean(),
  /** Variant names found in other books and standards (清冷渊 for 清泠渊), searchable (issue #15). */
  aliases: z
    .array(z.object({ name: z.string().min(1).max(8), pinyin: z.string().regex(/^[\p{Ll}\p{M}]+( [\p{Ll}\p{M}]+)*$/u) }))
    .optional(),
});
export type AcupointContent = z.infer<typeof AcupointContentSchema>;

/** API shapes. */
export const AcupointSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  pinyin: z.string(),
  meridian: z.string(),
  region: z.string(),
  moxaLevel: z.enum(['suitable', 'caution', 'forbidden']),
  common: z.boolean(),
  indications: z.array(z.string()),
  aliases: z.array(z.object({ name: z.string(), pinyin: z.string() })).optional(),
});
export type AcupointSummary = z.infer<typeof AcupointSummarySchema>;

export const AcupointDetailSchema = AcupointSummarySchema.extend({
  location: z.string(),
  findMethod: z.string(),
  moxa: AcupointContentSchema.shape.moxa,
  cautions: z.array(z.string()),
  categories: z.array(z.string()),
  categoryNote: z.string().nullable(),
  chart: ChartMarkSchema.nullable(),
  meridianName: z.string().nullable(),
  neighbours: z.object({ prev: AcupointSummarySchema.nullable(), next: AcupointSummarySchema.nullable() }),
});
export type AcupointDetail = z.infer<typeof AcupointDetailSchema>;

export const AcupointListQuerySchema = z.object({
  meridian: z
    .string()
    .transform((s) => s.toUpperCase())
    .transform((s) => MERIDIAN_ALIASES[s] ?? s)
    .pipe(z.union([MeridianCodeSchema, z.literal('EX')], { error: '经络参数不正确' }))
    .optional(),
  region: RegionSchema.optional().or(z.literal('').transform(() => undefined)),
  q: z.string().max(50, { error: '搜索词太长了，请少于50个字' }).optional(),
  common: z.enum(['1', 'true']).optional(),
});
