import { z } from 'zod';
import { RichTextSchema } from '../content/rich-text.ts';
import { PageQuerySchema } from '../http/paging.ts';

/** Pre-moxibustion notices (灸前须知, issue #15): types and articles authored in content/notices/. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const NoticeTypeSchema = z.object({
  id: z.string().regex(SLUG),
  name: z.string().min(1).max(12),
  summary: z.string().min(1).max(48),
  position: z.number().int().positive(),
});
export type NoticeType = z.infer<typeof NoticeTypeSchema>;

export const NoticeContentSchema = z.object({
  id: z.string().regex(SLUG).max(64),
  type: z.string().regex(SLUG),
  title: z.string().min(1).max(40),
  summary: z.string().min(1).max(60),
  position: z.number().int().positive(),
  related: z.array(z.string().regex(SLUG)).max(6).default([]),
});
export type NoticeContent = z.infer<typeof NoticeContentSchema>;

export const NoticeTypeSummarySchema = NoticeTypeSchema.extend({ count: z.number().int().nonnegative() });
export type NoticeTypeSummary = z.infer<typeof NoticeTypeSummarySchema>;
export const NoticeSummarySchema = NoticeContentSchema.pick({ id: true, type: true, title: true, summary: true });
export type NoticeSummary = z.infer<typeof NoticeSummarySchema>;
export const NoticeDetailSchema = NoticeContentSchema.omit({ related: true }).extend({
  typeName: z.string(),
  body: RichTextSchema,
  related: z.array(NoticeSummarySchema),
});
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>;

export const NoticeListQuerySchema = PageQuerySchema.extend({ type: z.string().trim().min(1).max(64, { error: '分类不正确' }).optional() });
