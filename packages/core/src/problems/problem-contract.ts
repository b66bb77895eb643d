import { z } from 'zod';
import { RichTextSchema } from '../content/rich-text.ts';
import { PageQuerySchema } from '../http/paging.ts';

/** Product Q&A (产品问答, issue #15): topics and questions authored in content/problems/. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ProblemTopicSchema = z.object({
  id: z.string().regex(SLUG),
  name: z.string().min(1).max(12),
  position: z.number().int().positive(),
});
export type ProblemTopic = z.infer<typeof ProblemTopicSchema>;

export const ProblemContentSchema = z.object({
  id: z.string().regex(SLUG).max(64),
  topic: z.string().regex(SLUG),
  question: z.string().min(4).max(60),
  position: z.number().int().positive(),
  related: z.array(z.string().regex(SLUG)).max(6).default([]),
});
export type ProblemContent = z.infer<typeof ProblemContentSchema>;

export const ProblemSummarySchema = ProblemContentSchema.pick({ id: true, topic: true, question: true });
export type ProblemSummary = z.infer<typeof ProblemSummarySchema>;
export const ProblemTopicSummarySchema = ProblemTopicSchema.extend({ count: z.number().int().nonnegative() });
export type ProblemTopicSummary = z.infer<typeof ProblemTopicSummarySchema>;
export const ProblemListQuerySchema = PageQuerySchema.extend({
  topic: z.string().trim().min(1).max(64, { error: '分类不正确' }).optional(),
});
export const ProblemDetailSchema = ProblemContentSchema.omit({ related: true }).extend({
  topicName: z.string(),
  body: RichTextSchema,
  related: z.array(ProblemSummarySchema),
});
export type ProblemDetail = z.infer<typeof ProblemDetailSchema>;
