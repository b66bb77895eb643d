import { z } from 'zod';
import { AcupointSummarySchema, ChartMarkSchema, MeridianCodeSchema } from './acupoint-contract.ts';

/** One meridian as written in content/meridians.json. */
export const MeridianContentSchema = z.object({
  code: MeridianCodeSchema,
  name: z.string().min(2),
  shortName: z.string().min(2),
  organ: z.string().nullable(),
  pointCount: z.number().int().positive(),
  flowHour: z.string().nullable(),
  summary: z.string().min(4),
  course: z.string().min(10),
  indications: z.array(z.string().min(1)).min(1),
  moxaTips: z.string().min(4),
  care: z.string().min(4),
});
export type MeridianContent = z.infer<typeof MeridianContentSchema>;

export const MeridianSummarySchema = MeridianContentSchema.pick({
  code: true,
  name: true,
  shortName: true,
  organ: true,
  pointCount: true,
  flowHour: true,
  summary: true,
}).extend({ id: z.string() });
export type MeridianSummary = z.infer<typeof MeridianSummarySchema>;

export const MeridianDetailSchema = MeridianContentSchema.extend({
  id: z.string(),
  points: z.array(AcupointSummarySchema.extend({ chart: ChartMarkSchema.nullable() })),
});
export type MeridianDetail = z.infer<typeof MeridianDetailSchema>;

/** Body chart views (content/charts/views.json). */
export const ChartViewSchema = z.object({
  id: z.string().regex(/^[a-z_]+$/),
  name: z.string().min(1),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type ChartView = z.infer<typeof ChartViewSchema>;
