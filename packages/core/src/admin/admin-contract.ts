import { z } from 'zod';
import { RoleSchema } from '../login/login-contract.ts';

/** GET /api/v8/admin/content (editor): when content was last loaded and how many items each kind holds. */
export const ContentStatusSchema = z.object({
  /** Epoch ms of the load that wrote the current rows; null before the first load. */
  loadedAt: z.number().nullable(),
  kinds: z.array(z.object({ kind: z.string(), count: z.number().int().nonnegative() })),
});
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/** GET /api/v8/admin/users (admin): everyone holding a role beyond `user`, numbers masked. */
export const PrivilegedUserSchema = z.object({ id: z.string(), name: z.string(), mobile: z.string(), roles: z.array(RoleSchema) });
export type PrivilegedUser = z.infer<typeof PrivilegedUserSchema>;

/** GET /api/v8/admin/search-misses (editor): searches that found nothing, the most frequent first (issue #26). */
export const SearchMissSchema = z.object({
  query: z.string(),
  count: z.number().int().positive(),
  firstAt: z.number(),
  lastAt: z.number(),
});
export type SearchMiss = z.infer<typeof SearchMissSchema>;
