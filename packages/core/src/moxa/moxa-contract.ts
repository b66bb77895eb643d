import { z } from 'zod';
import { ACUPOINT_CODE, ChartMarkSchema } from '../acupoints/acupoint-contract.ts';
import { MAX_EXTRA_MINUTES, MAX_IMPORT, REACTION_IDS } from './moxa-rules.ts';

/**
 * Guided moxibustion sessions and their log (issue #18): the plan a session walks through (built by
 * the server from a condition, a constitution scheme, a product's how-to or points picked by hand)
 * and the record kept of each session (on the device logged out, per user on the server).
 */
export const SOURCE_KINDS = ['disease', 'scheme', 'product', 'points'] as const;
export const SessionSourceSchema = z.object({
  kind: z.enum(SOURCE_KINDS, { error: '艾灸方案来源不正确' }),
  /** The condition, constitution type or product; null for points picked by hand. */
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, { error: '艾灸方案编号不正确' })
    .nullable(),
});
export type SessionSource = z.infer<typeof SessionSourceSchema>;

/** `GET /api/v8/moxa/plan`: exactly one of the four. */
export const PlanQuerySchema = z
  .object({
    disease: z.string().trim().min(1).max(64).optional(),
    scheme: z.string().trim().min(1).max(32).optional(),
    product: z.string().trim().min(1).max(64).optional(),
    /** Codes separated by commas: `ST36,CV4`. */
    points: z.string().trim().min(1).max(120, { error: '穴位太多了，一次最多 8 个' }).optional(),
  })
  .refine((q) => [q.disease, q.scheme, q.product, q.points].filter(Boolean).length === 1, {
    error: '请从艾灸方法、调理方案或穴位开始艾灸',
  });
export type PlanQuery = z.infer<typeof PlanQuerySchema>;

export const MAX_PLAN_POINTS = 8;

export const PlanPointSchema = z.object({
  code: z.string(),
  name: z.string(),
  method: z.string(),
  distance: z.string(),
  minutes: z.number().int().min(1).max(40),
  note: z.string().nullable(),
  /** Points marked 慎灸 show their cautions and need a confirmation before they start. */
  level: z.enum(['suitable', 'caution']),
  cautions: z.array(z.string()),
  location: z.string(),
  findMethod: z.string(),
  chart: ChartMarkSchema.nullable(),
  bilateral: z.boolean(),
});
export type PlanPoint = z.infer<typeof PlanPointSchema>;

export const SessionPlanSchema = z.object({
  source: SessionSourceSchema,
  title: z.string(),
  points: z.array(PlanPointSchema),
  /** Points of the source that are not for home moxibustion (禁灸), with why; never part of `points`. */
  refused: z.array(z.object({ code: z.string(), name: z.string(), reason: z.string() })),
  /** Who should not, from the source (a condition's 禁忌人群, a scheme's cautions …). */
  cautions: z.array(z.string()),
  frequency: z.string().nullable(),
  course: z.string().nullable(),
  /** Sessions in one course (疗程), when the course names a count. */
  courseLength: z.number().int().positive().nullable(),
});
export type SessionPlan = z.infer<typeof SessionPlanSchema>;

const MAX_POINT_SECONDS = (40 + MAX_EXTRA_MINUTES) * 60;

export const SessionPointRecordSchema = z.object({
  code: z.string().regex(ACUPOINT_CODE, { error: '穴位编号不正确' }),
  name: z.string().max(8),
  plannedSeconds: z.number().int().min(60).max(MAX_POINT_SECONDS),
  doneSeconds: z.number().int().min(0).max(MAX_POINT_SECONDS, { error: '单个穴位的时间不正确' }),
  skipped: z.boolean(),
});

/** A finished session as the device sends it; `clientId` makes saving it again harmless. */
export const SessionInputSchema = z
  .object({
    clientId: z.uuid({ error: '记录编号不正确' }),
    source: SessionSourceSchema,
    title: z.string().trim().min(1).max(40),
    startedAt: z
      .number()
      .int()
      .min(Date.UTC(2024, 0, 1), { error: '开始时间不正确' }),
    endedAt: z.number().int(),
    points: z
      .array(SessionPointRecordSchema)
      .min(1)
      .max(MAX_PLAN_POINTS + 4),
    feeling: z.number().int().min(1).max(5).nullable(),
    notes: z.string().trim().max(500, { error: '备注最多 500 个字' }),
    reactions: z.array(z.enum(REACTION_IDS, { error: '反应选项不正确' })).max(REACTION_IDS.length),
    /** Sessions in the course the plan named when it ran (so progress survives content changes). */
    courseLength: z.number().int().positive().max(100).nullable(),
    /**
     * Ended with 结束 before its last point (issue #32 item 3): `points` hold what was done, the
     * point in progress with the time it ran. Devices older than the field send none.
     */
    endedEarly: z.boolean({ error: '提前结束标记不正确' }).default(false),
  })
  .refine((s) => s.endedAt >= s.startedAt && s.endedAt - s.startedAt <= 6 * 3_600_000, { error: '结束时间不正确' })
  .refine((s) => new Set(s.reactions).size === s.reactions.length, { error: '反应选项重复了' });
export type SessionInput = z.infer<typeof SessionInputSchema>;

export const SessionRecordSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  source: SessionSourceSchema,
  title: z.string(),
  startedAt: z.number().int(),
  endedAt: z.number().int(),
  points: z.array(SessionPointRecordSchema),
  feeling: z.number().int().nullable(),
  notes: z.string(),
  reactions: z.array(z.enum(REACTION_IDS)),
  courseLength: z.number().int().nullable(),
  endedEarly: z.boolean(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

export const SessionImportSchema = z.object({
  sessions: z
    .array(SessionInputSchema)
    .min(1)
    .max(MAX_IMPORT, { error: `一次最多同步 ${MAX_IMPORT} 条记录` }),
});
export const SessionImportResultSchema = z.object({ imported: z.number().int(), existing: z.number().int() });
export const SessionParamsSchema = z.object({ id: z.uuid({ error: '记录编号不正确' }) });
