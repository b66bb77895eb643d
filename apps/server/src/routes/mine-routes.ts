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
import { MAX_FAVORITES, type SavedKind } from '@moxa/core/mine/saved-kinds';
import { badInput, notFound } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import type { SavedContent } from '../mine/saved-content.ts';
import type { DeviceItem } from '../mine/saved-items.ts';

const GONE = '没有找到这条内容，可能已经下架';
const tags = ['mine'];

/**
 * Issue #18: the account's favourites and browsing history. Owner-only: every route acts on the
 * caller's own rows, so another user can neither see nor touch them (answers are `no-store`, like
 * every authenticated route). Unknown content is refused with nothing written.
 */
export function mineRoutes(content: SavedContent): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const saved = ctx.savedItems;
    const resolveOrThrow = (kind: SavedKind, id: string) => {
      const item = content.resolve(kind, id);
      if (!item) throw notFound(GONE);
      return item;
    };
    /** The device's items that still exist, resolved; the rest are counted as skipped. */
    const resolveDevice = (body: MergeBody) => {
      const items: DeviceItem[] = [];
      for (const d of body.items) {
        const item = content.resolve(d.kind, d.id);
        if (item) items.push({ ...item, at: d.at });
      }
      return { items, gone: body.items.length - items.length };
    };
    app.get(
      '/api/v8/me/favorites',
      {
        schema: { tags, summary: '我的收藏（新的在前）', security: bearerSecurity, response: { 200: envelope(z.array(SavedItemSchema)) } },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return ok((await saved.listFavorites(user.id)).map(content.refresh));
      },
    );

    app.put(
      '/api/v8/me/favorites/:kind/:id',
      {
        schema: {
          tags,
          summary: '收藏一条内容（重复收藏不变）',
          params: SavedItemParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(SavedItemSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const item = resolveOrThrow(request.params.kind, request.params.id);
        if (!(await saved.isFavorite(user.id, item.kind, item.id)) && (await saved.countFavorites(user.id)) >= MAX_FAVORITES)
          throw badInput(`收藏已达 ${MAX_FAVORITES} 条上限，请先在“我的收藏”里删除一些`);
        return ok(await saved.addFavorite(user.id, item));
      },
    );

    app.delete(
      '/api/v8/me/favorites/:kind/:id',
      {
        schema: {
          tags,
          summary: '取消收藏（没有收藏时 removed 为 0）',
          params: SavedItemParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(RemovedSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const item = content.resolve(request.params.kind, request.params.id);
        return ok({ removed: await saved.removeFavorite(user.id, request.params.kind, item?.id ?? request.params.id) });
      },
    );

    app.post(
      '/api/v8/me/favorites/merge',
      {
        schema: {
          tags,
          summary: '登录后合并这台手机上的收藏（可重复提交，结果不变）',
          body: MergeFavoritesBodySchema,
          security: bearerSecurity,
          response: { 200: envelope(MergeResultSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { items, gone } = resolveDevice(request.body);
        const { added, overCap } = await saved.mergeFavorites(user.id, items);
        return ok({ items: (await saved.listFavorites(user.id)).map(content.refresh), added, skipped: gone + overCap });
      },
    );

    app.get(
      '/api/v8/me/history',
      {
        schema: {
          tags,
          summary: '浏览记录（新的在前，最多 100 条）',
          security: bearerSecurity,
          response: { 200: envelope(z.array(SavedItemSchema)) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return ok((await saved.listHistory(user.id)).map(content.refresh));
      },
    );

    app.put(
      '/api/v8/me/history/:kind/:id',
      {
        schema: {
          tags,
          summary: '记录一次浏览（再次浏览移到最前）',
          params: SavedItemParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(SavedItemSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return ok(await saved.recordView(user.id, resolveOrThrow(request.params.kind, request.params.id)));
      },
    );

    app.delete(
      '/api/v8/me/history/:kind/:id',
      {
        schema: {
          tags,
          summary: '删除一条浏览记录',
          params: SavedItemParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(RemovedSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const item = content.resolve(request.params.kind, request.params.id);
        return ok({ removed: await saved.removeView(user.id, request.params.kind, item?.id ?? request.params.id) });
      },
    );

    app.delete(
      '/api/v8/me/history',
      { schema: { tags, summary: '清空浏览记录（删除全部）', security: bearerSecurity, response: { 200: envelope(RemovedSchema) } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        const removed = await saved.clearHistory(user.id);
        request.log.info({ userId: user.id, removed }, 'history cleared');
        return ok({ removed });
      },
    );

    app.post(
      '/api/v8/me/history/merge',
      {
        schema: {
          tags,
          summary: '登录后合并这台手机上的浏览记录（可重复提交，结果不变）',
          body: MergeHistoryBodySchema,
          security: bearerSecurity,
          response: { 200: envelope(MergeResultSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { items, gone } = resolveDevice(request.body);
        const { added } = await saved.mergeHistory(user.id, items);
        return ok({ items: (await saved.listHistory(user.id)).map(content.refresh), added, skipped: gone });
      },
    );
  };
}
