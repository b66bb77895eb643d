import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorCode } from '@moxa/core/http/envelope';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import {
  BindBodySchema,
  BindResultSchema,
  CheckoutBodySchema,
  CheckoutResultSchema,
  SwitchBodySchema,
  UnbindBodySchema,
  UnbindResultSchema,
  WechatConfigSchema,
  WechatStartBodySchema,
  WechatStartResultSchema,
} from '@moxa/core/login/wechat-contract';
import { LoginInfoSchema } from '@moxa/core/login/login-contract';
import { JssdkConfigSchema, JssdkQuerySchema } from '@moxa/core/login/wechat-contract';
import { AppError, badInput, conflict, unavailable } from '../lib/app-error.ts';
import { clientBucket } from '../lib/client-ip.ts';
import { bearerSecurity, bearerToken, ok, requireUser } from '../lib/context.ts';
import { enforceHit, takeAll } from '../lib/rate-limit.ts';
import { accountPhone, smsGate } from '../login/sms-gate.ts';
import { jssdkSigner } from '../wechat/jssdk-signer.ts';
import { siteOrigin } from '../wechat/site-origin.ts';

const STATE_TTL_MS = 10 * 60 * 1000;
const TICKET_TTL_MS = 10 * 60 * 1000;
const STALE_STATE = '微信授权已过期或不是从本页发起，请重新发起';

/**
 * WeChat OAuth login and binding (spec §7 calls 3–4; issue #13 item 1, wechat-contract.ts). The
 * round trip: start (a state for this tab) → WeChat → /authorize → checkout.do (code + state) →
 * logged in, or a ticket to switch accounts or to bind after a fresh SMS code.
 */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const store = ctx.wechatBindings;
  const gate = smsGate(ctx);
  const api = () => {
    if (!ctx.wechat) throw unavailable('微信登录尚未开通，请使用手机号登录');
    return ctx.wechat;
  };
  // Issue #27 item 7: this site's origin comes from PUBLIC_ORIGIN, never from Host or X-Forwarded-Host.
  const origin = siteOrigin(ctx.env);
  const throttle = (request: FastifyRequest) =>
    enforceHit(ctx.limits, {
      key: `wechat:ip:h:${clientBucket(request.ip)}`,
      windowSeconds: 3600,
      max: ctx.env.WECHAT_MAX_PER_IP_HOUR,
      message: (w) => `操作太频繁，请${w}后再试`,
    });

  const newTicket = (values: { openid: string; stateHash: string; kind: 'bind' | 'login'; userId: string | null }) =>
    store.issueTicket(values, TICKET_TTL_MS);

  const loginInfoFor = async (userId: string) => {
    const user = await store.account(userId);
    const token = await ctx.sessions.issue(user.id);
    return { token, user: { id: user.id, name: user.name, avatarUrl: user.avatarUrl } };
  };

  app.post(
    '/api/v8/wechat/start',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '发起微信授权（签发本标签页的 state）',
        errors: [429],
        body: WechatStartBodySchema,
        response: { 200: envelope(WechatStartResultSchema) },
      },
    },
    async (request) => {
      api();
      if (!origin) throw unavailable('微信登录尚未开通，请使用手机号登录');
      await throttle(request);
      const stateValue = await store.issueState(request.body.returnTo, STATE_TTL_MS);
      const redirect = `${origin(request)}/authorize`;
      const url = new URL('/connect/oauth2/authorize', ctx.env.WECHAT_AUTHORIZE_BASE);
      url.search = new URLSearchParams({
        appid: ctx.env.WECHAT_APP_ID,
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'snsapi_base',
        state: stateValue,
      }).toString();
      return ok({ state: stateValue, url: `${url.toString()}#wechat_redirect`, expiresIn: STATE_TTL_MS / 1000 });
    },
  );

  app.post(
    '/aysdmp/wechat/checkout.do',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '微信授权码换取 openid 并检查绑定（须带本标签页发起时的 state）',
        errors: [429, 502],
        body: CheckoutBodySchema,
        response: { 200: envelope(CheckoutResultSchema) },
      },
    },
    async (request) => {
      api();
      await throttle(request);
      // The state first: a code that arrived without this app starting the round trip is never
      // exchanged, so a link carrying someone else's code does nothing (login CSRF).
      const started = await store.consumeState(request.body.state);
      if (!started) throw badInput(STALE_STATE);
      let openid: string | null;
      try {
        openid = await api().openidForCode(request.body.code);
      } catch (e) {
        if (e instanceof AppError) throw e;
        request.log.warn({ err: (e as Error).message }, 'wechat exchange failed');
        throw new AppError(502, ErrorCode.smsFailed, '微信服务暂时不可用，请稍后再试');
      }
      if (!openid) throw badInput('微信授权已失效，请重新发起');
      const returnTo = started.returnTo;
      const token = bearerToken(request);
      const current = token ? await ctx.sessions.verify(token) : null;
      const boundTo = await store.userIdOf(openid);
      if (boundTo !== null) {
        const owner = await store.account(boundTo);
        const account = maskMobile(owner.mobile);
        if (current && current.id !== boundTo) {
          // Someone else is logged in in this tab: never replace that login without asking.
          const switchTicket = await newTicket({ openid, stateHash: started.stateHash, kind: 'login', userId: boundTo });
          return ok({ bound: true, loginInfo: null, bindTicket: null, switchTicket, account, returnTo });
        }
        return ok({ bound: true, loginInfo: await loginInfoFor(boundTo), bindTicket: null, switchTicket: null, account, returnTo });
      }
      const bindTicket = await newTicket({ openid, stateHash: started.stateHash, kind: 'bind', userId: null });
      return ok({ bound: false, loginInfo: null, bindTicket, switchTicket: null, account: null, returnTo });
    },
  );

  app.post(
    '/api/v8/wechat/switch',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '切换到该微信绑定的账号（用户确认后）',
        body: SwitchBodySchema,
        response: { 200: envelope(LoginInfoSchema) },
      },
    },
    async (request) => {
      const ticket = await store.findTicket(request.body.ticket, request.body.state, 'login');
      if (!ticket?.userId) throw badInput(STALE_STATE);
      await store.dropTicket(request.body.ticket);
      return ok(await loginInfoFor(ticket.userId));
    },
  );

  app.post(
    '/aysdmp/wechat/bind.do',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '把微信绑定到当前账号（须本标签页的 state 与手机验证码）',
        errors: [409, 429],
        security: bearerSecurity,
        body: BindBodySchema,
        response: { 200: envelope(BindResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const ticket = await store.findTicket(request.body.ticket, request.body.state, 'bind');
      if (!ticket) throw badInput('绑定凭证已失效，请重新发起微信绑定');
      const existing = await store.bindingsOf(ticket.openid, user.id);
      if (existing.some((b) => b.openid === ticket.openid && b.userId !== user.id)) throw conflict('该微信已绑定其他账号');
      if (existing.some((b) => b.userId === user.id && b.openid !== ticket.openid)) throw conflict('当前账号已绑定其他微信，请先解除绑定');
      // The holder of the ticket proved this WeChat; the code proves the account's phone.
      await gate.verify(request, accountPhone(user.mobile), 'wechat', request.body.code);
      if (existing.length === 0 && !(await store.bind(ticket.openid, user.id))) throw conflict('该微信已绑定其他账号');
      await store.dropTicket(request.body.ticket);
      // A changed binding ends the account's other sessions (issue #13 item 1).
      const signedOut = await ctx.sessions.revokeAll(user.id, bearerToken(request)!);
      request.log.info({ userId: user.id, signedOut }, 'wechat bound');
      return ok({ bound: true as const, signedOut });
    },
  );

  app.post(
    '/aysdmp/wechat/unbind.do',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '解除当前账号的微信绑定（须手机验证码）',
        errors: [429],
        security: bearerSecurity,
        body: UnbindBodySchema,
        response: { 200: envelope(UnbindResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      if ((await store.openidOf(user.id)) === null) throw badInput('当前账号没有绑定微信');
      await gate.verify(request, accountPhone(user.mobile), 'wechat', request.body.code);
      await store.unbind(user.id);
      const signedOut = await ctx.sessions.revokeAll(user.id, bearerToken(request)!);
      request.log.info({ userId: user.id, signedOut }, 'wechat unbound');
      return ok({ bound: false as const, signedOut });
    },
  );

  app.get(
    '/api/v8/wechat/config',
    {
      schema: {
        tags: ['wechat'],
        summary: '微信登录是否已配置',
        response: { 200: envelope(WechatConfigSchema) },
      },
    },
    async () => {
      const enabled = ctx.wechat !== null && origin !== null;
      return ok({ enabled, appId: enabled ? ctx.env.WECHAT_APP_ID : '' });
    },
  );

  // Issue #16: share cards inside WeChat. The page's own address is signed with a cached jsapi_ticket;
  // only addresses of this site are signed. Without WeChat credentials the app shares without it.
  const signer =
    ctx.wechat && origin
      ? jssdkSigner(ctx.wechat, ctx.env.WECHAT_APP_ID, {
          clock: ctx.clock,
          onFailure: (err) => app.log.warn({ err: err?.message ?? 'refused' }, 'wechat jsapi_ticket failed; signing paused for 30 s'),
        })
      : null;
  app.get(
    '/api/v8/wechat/jssdk-config',
    {
      schema: {
        tags: ['wechat'],
        summary: '微信 JS-SDK 分享配置（为本站页面地址签名）',
        errors: [429],
        description:
          'Signs only pages of PUBLIC_ORIGIN (issue #27 item 7), whatever Host or X-Forwarded-Host say. The jsapi_ticket and access token are cached until shortly before they expire; a WeChat failure is remembered for 30 s and answered 503 with Retry-After; WECHAT_JSSDK_MAX_PER_IP_MINUTE per client (issue #27 item 8).',
        querystring: JssdkQuerySchema,
        response: { 200: envelope(JssdkConfigSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      if (!signer || !origin) return ok({ enabled: false, config: null });
      if (new URL(request.query.url).origin !== origin(request)) throw badInput('只能为本站页面签名');
      await takeAll(ctx.limits, [
        {
          key: `jssdk:ip:m:${clientBucket(request.ip)}`,
          windowSeconds: 60,
          max: ctx.env.WECHAT_JSSDK_MAX_PER_IP_MINUTE,
          message: (w) => `操作太频繁，请${w}后再试`,
        },
      ]);
      const signed = await signer.sign(request.query.url);
      if (!signed.ok) throw new AppError(503, ErrorCode.unavailable, '微信分享暂时不可用，请稍后再试', signed.retryAfter);
      return ok({ enabled: true, config: signed.config });
    },
  );
};
