import { z } from 'zod';
import { RichTextSchema } from './rich-text.ts';

/**
 * A simple read-only kind (issue #28 item 4, docs/adding-a-content-kind.md): Markdown items with a
 * name and a one-line summary, served by the one generic API (`/api/v8/kinds/:kind`) and shown by the
 * generic list and detail screens, so `npm run new:kind` makes a whole kind with no code of its own.
 * A kind that needs more fields writes its own schema, routes and screens instead.
 */
export const SimpleKindItemSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, { error: '编号只能用小写字母、数字和连字符' }),
  position: z.number().int().nonnegative(),
  name: z.string().trim().min(1).max(40),
  summary: z.string().trim().min(1).max(200),
});
export type SimpleKindItem = z.infer<typeof SimpleKindItemSchema>;

export const SimpleKindSummarySchema = z.object({ id: z.string(), title: z.string(), summary: z.string() });
export type SimpleKindSummary = z.infer<typeof SimpleKindSummarySchema>;

export const SimpleKindDetailSchema = SimpleKindSummarySchema.extend({ body: RichTextSchema });
export type SimpleKindDetail = z.infer<typeof SimpleKindDetailSchema>;

/** The generic API's paths (the web's screens and the server's route read the same ones). */
export const simpleKindListPath = (kind: string): string => `/api/v8/kinds/${encodeURIComponent(kind)}`;
export const simpleKindPath = (kind: string, id: string): string => `${simpleKindListPath(kind)}/${encodeURIComponent(id)}`;
