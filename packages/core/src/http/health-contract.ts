import { z } from 'zod';

/** GET /api/health: 200 with status ok, or 503 with status degraded and db down (same shape). */
export const HealthSchema = z.object({ status: z.string(), db: z.string(), version: z.string() });
export type Health = z.infer<typeof HealthSchema>;
