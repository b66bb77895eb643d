import { z } from 'zod';
import { MAX_FAVORITES, MAX_HISTORY, SAVED_ID, SAVED_KINDS } from './saved-kinds.ts';

/** Favourites and browsing history (issue #18): the HTTP contract of /api/v8/me/favorites and /api/v8/me/history. */
export const SavedKindSchema = z.enum(SAVED_KINDS, { error: '内容类型不正确' });
export const SavedIdSchema = z.string({ error: '内容编号不正确' }).regex(SAVED_ID, { error: '内容编号不正确' });

/** `{kind}/{id}` of the one-item routes. */
export const SavedItemParamsSchema = z.object({ kind: SavedKindSchema, id: SavedIdSchema });

export const SavedItemSchema = z.object({
  kind: SavedKindSchema,
  id: z.string(),
  /** The item's current name (the snapshot taken when it was kept, if the content has since gone). */
  title: z.string(),
  /** When it was favourited, or last viewed (epoch ms). */
  at: z.number().int(),
});

/** An item the device kept while logged out, sent once after login; the server looks its title up itself. */
const DeviceItemSchema = z.object({
  kind: SavedKindSchema,
  id: SavedIdSchema,
  at: z.number({ error: '时间不正确' }).int({ error: '时间不正确' }).min(0, { error: '时间不正确' }),
});

const mergeBody = (max: number, what: string) =>
  z.object({ items: z.array(DeviceItemSchema, { error: '请求格式不正确' }).max(max, { error: `一次最多合并 ${max} 条${what}` }) });
export const MergeFavoritesBodySchema = mergeBody(MAX_FAVORITES, '收藏');
export const MergeHistoryBodySchema = mergeBody(MAX_HISTORY, '浏览记录');
export type MergeBody = z.infer<typeof MergeFavoritesBodySchema>;

/** The account's list after a merge; `skipped`: device items whose content no longer exists, or beyond the cap. */
export const MergeResultSchema = z.object({ items: z.array(SavedItemSchema), added: z.number().int(), skipped: z.number().int() });
export type MergeResult = z.infer<typeof MergeResultSchema>;

export const RemovedSchema = z.object({ removed: z.number().int() });
