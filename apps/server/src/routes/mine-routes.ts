import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import {
  MergeFavoritesBodySchema,
  MergeHistoryBodySchema,
  MergeResultSchema,
  RemovedSchema,
  SavedItemParamsSchema,
  SavedItemSchema,
  type MergeBody,
} from '@moxa/core/mine/mine-contract';
import { MAX_FAVORITES, MAX_HISTORY } from '@moxa/core/mine/saved-kinds';
import { badInput, notFound } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import type { SavedContent } from '../mine/saved-content.ts';
import { SAVED_LISTS, type DeviceItem, type SavedList } from '../mine/saved-items.ts';

const GONE = '没有找到这条内容，可能已经下架';
const tags = ['mine'];

/** What each list's routes say (their OpenAPI summaries and messages); the routes themselves are one set. */
const LIST_ROUTES: Record<
  SavedList,
  {
    summary: { list: string; keep: string; remove: string; merge: string; clear?: string };
    mergeBody: typeof MergeFavoritesBodySchema;
    /** The message when a refusing list is full. */
    full: string;
  }
> = {
  favorites: {
    summary: {
      list: '我的收藏（新的在前）',
      keep: '收藏一条内容（重复收藏不变）',
      remove: '取消收藏（没有收藏时 removed 为 0）',
      merge: '登录后合并这台手机上的收藏（可重复提交，结果不变）',
    },
    mergeBody: MergeFavoritesBodySchema,
    full: `收藏已达 ${MAX_FAVORITES} 条上限，请先在“我的收藏”里删除一些`,
  },
  history: {
    summary: {
      list: `浏览记录（新的在前，最多 ${MAX_HISTORY} 条）`,
      keep: '记录一次浏览（再次浏览移到最前）',
      remove: '删除一条浏览记录',
      merge: '登录后合并这台手机上的浏览记录（可重复提交，结果不变）',
      clear: '清空浏览记录（删除全部）',
    },
    mergeBody: MergeHistoryBodySchema,
    full: '',
  },
};

/**
 * Issue #18: the account's favourites (`/api/v8/me/favorites`) and browsing history
 * (`/api/v8/me/history`), one set of routes for both lists (issue #28 item 7). Owner-only: every
 * route acts on the caller's own rows, so another user can neither see nor touch them (answers are
 * `no-store`, like every authenticated route). Unknown content is refused with nothing written.
 */
export function mineRoutes(content: SavedContent): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const saved = ctx.savedItems;
    /** The device's items that still exist, resolved; the rest are counted as skipped. */
    const resolveDevice = (body: MergeBody) => {
      const items: DeviceItem[] = [];
      for (const d of body.items) {
        const item = content.resolve(d.kind, d.id);
        if (item) items.push({ ...item, at: d.at });
      }
      return { items, gone: body.items.length - items.length };
    };

    for (const list of SAVED_LISTS) {
      const { summary, mergeBody, full } = LIST_ROUTES[list];
      const base = `/api/v8/me/${list}`;

      app.get(
        base,
        { schema: { tags, summary: summary.list, security: bearerSecurity, response: { 200: envelope(z.array(SavedItemSchema)) } } },
        async (request) => {
          const user = await requireUser(ctx, request);
          return ok((await saved.list(user.id, list)).map(content.refresh));
        },
      );

      app.put(
        `${base}/:kind/:id`,
        {
          schema: {
            tags,
            summary: summary.keep,
            params: SavedItemParamsSchema,
            security: bearerSecurity,
            response: { 200: envelope(SavedItemSchema) },
          },
        },
        async (request) => {
          const user = await requireUser(ctx, request);
          const item = content.resolve(request.params.kind, request.params.id);
          if (!item) throw notFound(GONE);
          const kept = await saved.keep(user.id, list, item);
          if (!kept) throw badInput(full);
          return ok(kept);
        },
      );

      app.delete(
        `${base}/:kind/:id`,
        {
          schema: {
            tags,
            summary: summary.remove,
            params: SavedItemParamsSchema,
            security: bearerSecurity,
            response: { 200: envelope(RemovedSchema) },
          },
        },
        async (request) => {
          const user = await requireUser(ctx, request);
          const { kind, id } = request.params;
          // Gone content is still removable under the id it was kept with.
          return ok({ removed: await saved.remove(user.id, list, kind, content.resolve(kind, id)?.id ?? id) });
        },
      );

      app.post(
        `${base}/merge`,
        {
          schema: {
            tags,
            summary: summary.merge,
            body: mergeBody,
            security: bearerSecurity,
            response: { 200: envelope(MergeResultSchema) },
          },
        },
        async (request) => {
          const user = await requireUser(ctx, request);
          const { items, gone } = resolveDevice(request.body);
          const { added, overCap } = await saved.merge(user.id, list, items);
          return ok({ items: (await saved.list(user.id, list)).map(content.refresh), added, skipped: gone + overCap });
        },
      );

      if (summary.clear)
        app.delete(
          base,
          { schema: { tags, summary: summary.clear, security: bearerSecurity, response: { 200: envelope(RemovedSchema) } } },
          async (request) => {
            const user = await requireUser(ctx, request);
            const removed = await saved.clear(user.id, list);
            request.log.info({ userId: user.id, removed, list }, 'saved list cleared');
            return ok({ removed });
          },
        );
    }
  };
}
