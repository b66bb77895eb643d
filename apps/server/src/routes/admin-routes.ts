import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentStatusSchema, PrivilegedUserSchema, SearchMissSchema } from '@moxa/core/admin/admin-contract';
import { envelope } from '@moxa/core/http/envelope';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { CONTENT_KINDS } from '../content/registry.ts';
import { bearerSecurity, ok, requireRole } from '../lib/context.ts';

/**
 * Role-protected routes for staff (issue #14 §6): 401 without a session, 403 in the envelope for a
 * user without the role. Read-only; roles themselves are granted on the server (`npm run user`).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/v8/admin/content',
    {
      schema: {
        tags: ['admin'],
        summary: '内容状态：各类内容的条数和加载时间（编辑）',
        errors: [403],
        security: bearerSecurity,
        response: { 200: envelope(ContentStatusSchema) },
      },
    },
    async (request, reply) => {
      await requireRole(ctx, request, 'editor');
      void reply.header('Cache-Control', 'no-store');
      const { loadedAt, counts } = await ctx.contentStatus.status();
      return ok({ loadedAt, kinds: CONTENT_KINDS.map((k) => ({ kind: k.name, count: counts.get(k.name) ?? 0 })) });
    },
  );

  app.get(
    '/api/v8/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: '工作人员：拥有顾问、编辑或管理员角色的用户（管理员）',
        errors: [403],
        security: bearerSecurity,
        response: { 200: envelope(z.array(PrivilegedUserSchema)) },
      },
    },
    async (request, reply) => {
      await requireRole(ctx, request, 'admin');
      void reply.header('Cache-Control', 'no-store');
      const users = await ctx.users.listPrivileged();
      return ok(users.map((u) => ({ ...u, mobile: maskMobile(u.mobile) })));
    },
  );

  app.get(
    '/api/v8/admin/search-misses',
    {
      schema: {
        tags: ['admin'],
        summary: '没有搜到结果的搜索词，次数多的在前（编辑）',
        errors: [403],
        description:
          'Only words are kept: queries with digits or @ are never stored, nor who searched or when, beyond the first and last time.',
        security: bearerSecurity,
        response: { 200: envelope(z.array(SearchMissSchema)) },
      },
    },
    async (request, reply) => {
      await requireRole(ctx, request, 'editor');
      void reply.header('Cache-Control', 'no-store');
      return ok(await ctx.searchMisses.top(200));
    },
  );
};
