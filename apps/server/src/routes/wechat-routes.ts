import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ErrorCode } from '@moxa/core/http/envelope';
import { LoginInfoSchema } from '@moxa/core/login/login-contract';
import { AppError, badInput, conflict, unavailable } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';

const TICKET_TTL_MS = 10 * 60 * 1000;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');

const CheckoutBodySchema = z.object({
  code: z.string({ error: '缺少微信授权码' }).min(1, { error: '缺少微信授权码' }).max(256, { error: '微信授权码不正确' }),
});
const CheckoutResultSchema = z.object({
  bound: z.boolean(),
  /** When bound: the login info, as GET /api/v8/login answers it. */
  loginInfo: LoginInfoSchema.nullable(),
  /** When not bound: a short-lived ticket for bind.do after the user logs in by phone. */
  bindTicket: z.string().nullable(),
});
const BindBodySchema = z.object({ ticket: z.string({ error: '绑定凭证无效' }).regex(/^[A-Za-z0-9_-]{20,64}$/, { error: '绑定凭证无效' }) });

/** Spec §7 calls 3–4 (issue #3): WeChat OAuth landing (/authorize) checks and binds an openid. */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const api = () => {
    if (!ctx.wechat) throw unavailable('微信登录尚未开通，请使用手机号登录');
    return ctx.wechat;
  };

  app.post(
    '/aysdmp/wechat/checkout.do',
    {
      schema: {
        tags: ['wechat'],
        summary: '微信授权码换取 openid 并检查绑定',
        body: CheckoutBodySchema,
        response: { 200: envelope(CheckoutResultSchema) },
      },
    },
    async (request, reply) => {
      let openid: string | null;
      try {
        openid = await api().openidForCode(request.body.code);
      } catch (e) {
        if (e instanceof AppError) throw e;
        request.log.warn({ err: (e as Error).message }, 'wechat exchange failed');
        throw new AppError(502, ErrorCode.smsFailed, '微信服务暂时不可用，请稍后再试');
      }
      if (!openid) throw badInput('微信授权已失效，请重新进入');
      void reply.header('Cache-Control', 'no-store');
      const binding = await ctx.db.selectFrom('wechat_bindings').select('user_id').where('openid', '=', openid).executeTakeFirst();
      if (binding) {
        const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', binding.user_id).executeTakeFirstOrThrow();
        const token = await ctx.sessions.issue(user.id);
        return ok({
          bound: true,
          loginInfo: { token, user: { id: user.id, name: user.name, avatarUrl: user.avatar_url } },
          bindTicket: null,
        });
      }
      const ticket = randomBytes(24).toString('base64url');
      await ctx.db
        .insertInto('wechat_tickets')
        .values({ ticket_hash: hash(ticket), openid, expires_at: ctx.clock() + TICKET_TTL_MS })
        .execute();
      return ok({ bound: false, loginInfo: null, bindTicket: ticket });
    },
  );

  app.post(
    '/aysdmp/wechat/bind.do',
    {
      schema: {
        tags: ['wechat'],
        summary: '把微信 openid 绑定到当前账号',
        security: bearerSecurity,
        body: BindBodySchema,
        response: { 200: envelope(z.object({ bound: z.literal(true) })) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const ticket = await ctx.db
        .selectFrom('wechat_tickets')
        .selectAll()
        .where('ticket_hash', '=', hash(request.body.ticket))
        .where('expires_at', '>', ctx.clock())
        .executeTakeFirst();
      if (!ticket) throw badInput('绑定凭证已失效，请重新从微信进入');
      const existing = await ctx.db
        .selectFrom('wechat_bindings')
        .selectAll()
        .where((eb) => eb.or([eb('openid', '=', ticket.openid), eb('user_id', '=', user.id)]))
        .execute();
      if (existing.some((b) => b.openid === ticket.openid && b.user_id !== user.id)) throw conflict('该微信已绑定其他账号');
      if (existing.some((b) => b.user_id === user.id && b.openid !== ticket.openid)) throw conflict('当前账号已绑定其他微信');
      if (existing.length === 0) {
        await ctx.db
          .insertInto('wechat_bindings')
          .values({ openid: ticket.openid, user_id: user.id, created_at: ctx.clock() })
          .onConflict((oc) => oc.doNothing())
          .execute();
        const now = await ctx.db.selectFrom('wechat_bindings').select('user_id').where('openid', '=', ticket.openid).executeTakeFirst();
        if (now?.user_id !== user.id) throw conflict('该微信已绑定其他账号');
      }
      await ctx.db.deleteFrom('wechat_tickets').where('ticket_hash', '=', hash(request.body.ticket)).execute();
      return ok({ bound: true as const });
    },
  );

  app.get(
    '/api/v8/wechat/config',
    {
      schema: {
        tags: ['wechat'],
        summary: '微信登录是否已配置',
        response: { 200: envelope(z.object({ enabled: z.boolean(), appId: z.string() })) },
      },
    },
    async () => ok({ enabled: ctx.wechat !== null, appId: ctx.wechat ? ctx.env.WECHAT_APP_ID : '' }),
  );
};
