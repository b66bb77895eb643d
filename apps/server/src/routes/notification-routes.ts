import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@moxa/core/http/envelope';
import { QUIET_HOURS } from '@moxa/core/notifications/china-time';
import {
  AdminNotificationListSchema,
  AdminNotificationsQuerySchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
} from '@moxa/core/notifications/notification-contract';
import { bearerSecurity, ok, requireRole, requireUser, type AppContext } from '../lib/context.ts';

async function preferencesOf(ctx: AppContext, userId: string) {
  const saved = await ctx.notifier.repository.preferences(userId);
  const openid = await ctx.wechatBindings.openidOf(userId);
  const bound = ctx.notifier.wechatFor('case-reply') && openid !== null;
  const courseSubscribeTemplate = openid === null ? null : ctx.notifier.wechatTemplate('course-reminder');
  return { ...saved, quietHours: { ...QUIET_HOURS }, wechatAvailable: bound, courseSubscribeTemplate };
}

/**
 * Issue #31: a person's notification preferences (which notices, which channels; quiet hours are
 * fixed), and the staff's list of notices by state — failed ones by default, until the console shows them.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/v8/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: '我的消息提醒设置（哪些提醒、短信或微信；21:00–08:00 不打扰）',
        security: bearerSecurity,
        response: { 200: envelope(NotificationPreferencesSchema) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      void reply.header('Cache-Control', 'private, no-store');
      return ok(await preferencesOf(ctx, user.id));
    },
  );

  app.put(
    '/api/v8/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: '修改消息提醒设置',
        security: bearerSecurity,
        body: NotificationPreferencesInputSchema,
        response: { 200: envelope(NotificationPreferencesSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      await ctx.notifier.repository.savePreferences(user.id, request.body);
      return ok(await preferencesOf(ctx, user.id));
    },
  );

  app.get(
    '/api/v8/admin/notifications',
    {
      schema: {
        tags: ['admin'],
        summary: '管理：消息提醒（默认列出发送失败的，最新在前）',
        querystring: AdminNotificationsQuerySchema,
        security: bearerSecurity,
        errors: [403],
        response: { 200: envelope(AdminNotificationListSchema) },
      },
    },
    async (request) => {
      await requireRole(ctx, request, 'editor');
      const { rows, total } = await ctx.notifier.repository.list(request.query.status, request.query.limit);
      return ok({
        total,
        // No recipient and no text: the key names the notice, the error the provider's answer.
        items: rows.map((n) => ({
          key: n.key,
          kind: n.kind,
          channel: n.channel,
          state: n.state,
          attempts: n.attempts,
          lastError: n.lastError,
          dueAt: n.dueAt,
          sentAt: n.sentAt,
          createdAt: n.createdAt,
        })),
      });
    },
  );
};
