import { z } from 'zod';

/** Paged lists (issue #15 API): `?page=&size=`, answered as `{ items, total, page, size }`. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ error: '页码不正确' })
    .int({ error: '页码不正确' })
    .min(1, { error: '页码不正确' })
    .max(1000, { error: '页码不正确' })
    .default(1),
  size: z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(100, { error: '每页条数不正确' })
    .default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative(), page: z.number().int(), size: z.number().int() });
export type Paged<T> = { items: T[]; total: number; page: number; size: number };

export function paginate<T>(all: readonly T[], { page, size }: PageQuery): Paged<T> {
  return { items: all.slice((page - 1) * size, page * size), total: all.length, page, size };
}
