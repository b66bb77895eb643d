import { z } from 'zod';

import { CONSTITUTION_TYPES, VERDICTS } from './constitution.ts';

export { CONSTITUTION_NAMES, CONSTITUTION_TYPES, VERDICT_LABELS, type ConstitutionType } from './constitution.ts';

/** The nine constitutions of ZYYXH/T157-2009, in the standard's order. */
export const ConstitutionTypeSchema = z.enum(CONSTITUTION_TYPES, { error: '体质类型不正确' });

export const GenderSchema = z.enum(['female', 'male'], { error: '请选择性别' });
export type Gender = z.infer<typeof GenderSchema>;

export const QuestionSchema = z.object({
  id: z.string().regex(/^q[0-9]{2}$/),
  text: z.string().min(2),
  gender: z.enum(['all', 'female', 'male']),
  scales: z.array(z.object({ type: ConstitutionTypeSchema, reverse: z.boolean() })).min(1),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionnaireSchema = z.object({
  version: z.string().min(1),
  intro: z.string(),
  options: z.array(z.object({ value: z.number().int().min(1).max(5), label: z.string(), hint: z.string() })).length(5),
  questions: z.array(QuestionSchema).min(1),
});
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

export const ConstitutionDescriptionSchema = z.object({
  type: ConstitutionTypeSchema,
  name: z.string(),
  summary: z.string(),
  overall: z.string(),
  body: z.string(),
  signs: z.string(),
  mind: z.string(),
  tendency: z.string(),
  adaptability: z.string(),
});
export type ConstitutionDescription = z.infer<typeof ConstitutionDescriptionSchema>;

export const SchemePointSchema = z.object({
  code: z.string(),
  method: z.string(),
  minutes: z.string(),
  frequency: z.string(),
  note: z.string(),
});
export const SchemeSchema = z.object({
  type: ConstitutionTypeSchema,
  principle: z.string(),
  diet: z.object({ advice: z.string(), recommended: z.array(z.string()), avoid: z.array(z.string()) }),
  living: z.string(),
  exercise: z.string(),
  emotion: z.string(),
  moxibustion: z.object({ summary: z.string(), points: z.array(SchemePointSchema).min(1), course: z.string() }),
  seasonal: z.string(),
  cautions: z.array(z.string()).min(1),
});
export type Scheme = z.infer<typeof SchemeSchema>;

/** Scheme as served: each point joined with its name so the web can link it. */
export const SchemeViewSchema = SchemeSchema.extend({
  name: z.string(),
  description: ConstitutionDescriptionSchema,
  moxibustion: SchemeSchema.shape.moxibustion.extend({
    points: z.array(SchemePointSchema.extend({ id: z.string(), name: z.string() })),
  }),
});
export type SchemeView = z.infer<typeof SchemeViewSchema>;

export const AnswerValueSchema = z
  .number({ error: '答案必须是1到5之间的整数' })
  .int({ error: '答案必须是1到5之间的整数' })
  .min(1, { error: '答案必须是1到5之间的整数' })
  .max(5, { error: '答案必须是1到5之间的整数' });
export const AnswersSchema = z.record(z.string().regex(/^q[0-9]{2}$/, { error: '题目编号不正确' }), AnswerValueSchema);
export type Answers = z.infer<typeof AnswersSchema>;

export const VerdictSchema = z.enum(VERDICTS);
export type Verdict = z.infer<typeof VerdictSchema>;

export const ScaleResultSchema = z.object({
  type: ConstitutionTypeSchema,
  raw: z.number().int(),
  items: z.number().int(),
  converted: z.number(),
  verdict: VerdictSchema,
});
export type ScaleResult = z.infer<typeof ScaleResultSchema>;

export const PhysicalResultSchema = z.object({
  scales: z.array(ScaleResultSchema),
  primary: ConstitutionTypeSchema.nullable(),
  also: z.array(ConstitutionTypeSchema),
  tendencies: z.array(ConstitutionTypeSchema),
  conclusion: z.string(),
  /**
   * Issue #26: the answers do not point to one constitution (the top biased scores tie, or most of
   * them reach 是 together, as when one option is chosen for every question). No primary type then,
   * and no scheme is offered as if determined. Records saved before this field read as false.
   */
  undecided: z.boolean().default(false),
});
export type PhysicalResult = z.infer<typeof PhysicalResultSchema>;

export const CreateRecordBodySchema = z.object({ gender: GenderSchema, answers: AnswersSchema }).strict();
export type CreateRecordBody = z.infer<typeof CreateRecordBodySchema>;
export const PhysicalRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  gender: GenderSchema,
  version: z.string(),
  result: PhysicalResultSchema,
  answers: AnswersSchema,
});
export type PhysicalRecord = z.infer<typeof PhysicalRecordSchema>;
export const PhysicalRecordSummarySchema = PhysicalRecordSchema.omit({ answers: true });
/** A record as listed (GET /api/v8/physical/records): without its answers. */
export type PhysicalRecordSummary = z.infer<typeof PhysicalRecordSummarySchema>;
