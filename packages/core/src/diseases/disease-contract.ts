import { z } from 'zod';
import { ACUPOINT_CODE } from '../acupoints/acupoint-contract.ts';
import { RichTextSchema } from '../content/rich-text.ts';
import { PageQuerySchema } from '../http/paging.ts';

/**
 * Moxibustion methods by condition (issue #15): groups, conditions as authored in
 * content/diseases/<id>.md (front matter + Markdown body), and what the API answers.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (max = 200) => z.string().trim().min(1).max(max);

/** The ways a prescription point is treated at home; 按揉 is massage instead of moxa. */
export const MOXA_METHODS = ['艾条温和灸', '艾条回旋灸', '艾条雀啄灸', '隔姜灸', '艾灸盒灸', '温灸器灸', '按揉'] as const;

export const DiseaseGroupSchema = z.object({
  id: z.uuid(),
  name: text(12),
  icon: z.string().regex(/^[a-z-]+$/),
  summary: text(40),
  position: z.number().int().positive(),
});
export type DiseaseGroup = z.infer<typeof DiseaseGroupSchema>;

export const PrescriptionPointSchema = z.object({
  code: z.string().regex(ACUPOINT_CODE),
  method: z.enum(MOXA_METHODS),
  distance: z.string().max(30),
  minutes: z.number().int().min(1).max(40),
  note: z.string().max(80).optional(),
});

export const DiseaseContentSchema = z.object({
  id: z.string().regex(SLUG).max(64),
  name: text(24),
  aliases: z.array(text(16)).max(8).default([]),
  group: z.uuid(),
  position: z.number().int().positive(),
  summary: text(48),
  symptoms: z.array(text(40)).min(2).max(10),
  patterns: z
    .array(
      z.object({
        name: text(16),
        signs: text(120),
        advice: text(160),
        addPoints: z.array(z.string().regex(ACUPOINT_CODE)).max(4).optional(),
      }),
    )
    .max(5),
  prescription: z.object({
    points: z.array(PrescriptionPointSchema).min(1).max(8),
    frequency: text(60),
    course: text(80),
    timing: z.string().max(60).optional(),
  }),
  advice: z.array(text(80)).min(2).max(10),
  contraindications: z.array(text(80)).min(1).max(8),
  cautions: z.array(text(80)).min(1).max(8),
  redFlags: z.array(text(100)).min(2).max(8),
});
export type DiseaseContent = z.infer<typeof DiseaseContentSchema>;

/** A group on /disease_types with how many conditions it holds. */
export const DiseaseGroupSummarySchema = DiseaseGroupSchema.extend({ count: z.number().int().nonnegative() });
export type DiseaseGroupSummary = z.infer<typeof DiseaseGroupSummarySchema>;

export const DiseaseSummarySchema = z.object({ id: z.string(), name: z.string(), summary: z.string(), group: z.string() });

/** `GET /api/v8/diseases`: a group's conditions (`type`), or those whose prescription uses a point (`acupoint`). */
export const DiseaseListQuerySchema = PageQuerySchema.extend({
  /** A group id; an unknown one (UUID or not) answers 404, so a mistyped link gets the not-found screen. */
  type: z.string().trim().min(1).max(64, { error: '分类不正确' }).optional(),
  acupoint: z.string().trim().min(1).max(12, { error: '穴位编号不正确' }).optional(),
});
export type DiseaseSummary = z.infer<typeof DiseaseSummarySchema>;

/** A prescription point with what the app knows of the acupoint, so the page links and warns. */
export const PrescriptionPointDetailSchema = PrescriptionPointSchema.extend({
  name: z.string(),
  level: z.enum(['suitable', 'caution', 'forbidden']),
  cautions: z.array(z.string()),
});

export const DiseaseDetailSchema = DiseaseContentSchema.omit({ prescription: true }).extend({
  groupName: z.string(),
  prescription: DiseaseContentSchema.shape.prescription.extend({ points: z.array(PrescriptionPointDetailSchema) }),
  body: RichTextSchema,
  /** Notices and other conditions the page points to (its links first, then the general notices). */
  related: z.array(z.object({ kind: z.enum(['notice', 'disease']), id: z.string(), title: z.string() })),
});
export type DiseaseDetail = z.infer<typeof DiseaseDetailSchema>;
