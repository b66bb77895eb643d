import { z } from 'zod';

/**
 * GET /api/health: 200 with status ok, or 503 with status degraded and db down (same shape). Public,
 * so it says whether the service works and its version, never which database or other internals
 * (issue #27 item 19).
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;
