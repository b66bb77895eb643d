import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ErrorCode } from '@moxa/core/http/envelope';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import {
  BindBodySchema,
  BindResultSchema,
  CheckoutBodySchema,
  CheckoutResultSchema,
  StepUpResultSchema,
  SwitchBodySchema,
  UnbindBodySchema,
  UnbindResultSchema,
  WechatStartBodySchema,
  WechatStartResultSchema,
} from '@moxa/core/login/wechat-contract';
import { LoginInfoSchema } from '@moxa/core/login/login-contract';
import { AppError, badInput, conflict, unavailable } from '../lib/app-error.ts';
import { clientBucket } from '../lib/client-ip.ts';
import { bearerSecurity, bearerToken, ok, requireUser } from '../lib/context.ts';
import { enforceHit } from '../lib/rate-limit.ts';
import { parseMobile } from '../login/phone-number.ts';
import { smsGate } from '../login/sms-gate.ts';

const STATE_TTL_MS = 10 * 60 * 1000;
const TICKET_TTL_MS = 10 * 60 * 1000;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const STALE_STATE = '微信授权已过期或不是从本页发起，请重新发起';

/**
 * WeChat OAuth login and binding (spec §7 calls 3–4; issue #13 item 1, wechat-contract.ts). The
 * round trip: start (a state for this tab) → WeChat → /authorize → checkout.do (code + state) →
 * logged in, or a ticket to switch accounts or to bind after a fresh SMS code.
 */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const gate = smsGate(ctx);
  const api = () => {
    if (!ctx.wechat) throw unavailable('微信登录尚未开通，请使用手机号登录');
    return ctx.wechat;
  };
  const throttle = (request: FastifyRequest) =>
    enforceHit(ctx.limits, {
      key: `wechat:ip:h:${clientBucket(request.ip)}`,
      windowSeconds: 3600,
      max: ctx.env.WECHAT_MAX_PER_IP_HOUR,
      message: (w) => `操作太频繁，请${w}后再试`,
    });

  /** Uses up a state this server issued (once, before it expires); null when it is not one. */
  const consumeState = async (stateValue: string) => {
    const stateHash = hash(stateValue);
    const now = ctx.clock();
    const row = await ctx.db.selectFrom('wechat_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
    if (!row || row.used_at !== null || Number(row.expires_at) <= now) return null;
    const used = await ctx.db
      .updateTable('wechat_states')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? { stateHash, returnTo: row.return_to } : null;
  };

  /** Takes a ticket of `kind` issued under this state (single use). */
  const takeTicket = async (ticketValue: string, stateValue: string, kind: 'bind' | 'login') => {
    const row = await ctx.db
      .selectFrom('wechat_tickets')
      .selectAll()
      .where('ticket_hash', '=', hash(ticketValue))
      .where('expires_at', '>', ctx.clock())
      .executeTakeFirst();
    if (!row || row.kind !== kind || row.state_hash !== hash(stateValue)) return null;
    return row;
  };
  const dropTicket = (ticketValue: string) => ctx.db.deleteFrom('wechat_tickets').where('ticket_hash', '=', hash(ticketValue)).execute();

  const newTicket = async (values: { openid: string; stateHash: string; kind: 'bind' | 'login'; userId: string | null }) => {
    const ticketValue = randomBytes(24).toString('base64url');
    await ctx.db
      .insertInto('wechat_tickets')
      .values({
        ticket_hash: hash(ticketValue),
        openid: values.openid,
        expires_at: ctx.clock() + TICKET_TTL_MS,
        state_hash: values.stateHash,
        kind: values.kind,
        user_id: values.userId,
      })
      .execute();
    return ticketValue;
  };

  const loginInfoFor = async (userId: string) => {
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const token = await ctx.sessions.issue(user.id);
    return { token, user: { id: user.id, name: user.name, avatarUrl: user.avatar_url } };
  };

  /** The account's own number, parsed, for a step-up code. */
  const ownPhone = (mobile: string) => {
    const phone = parseMobile(mobile);
    if (!phone) throw badInput('该账号的手机号无法接收验证码，请联系客服');
    return phone;
  };

  app.post(
    '/api/v8/wechat/start',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '发起微信授权（签发本标签页的 state）',
        body: WechatStartBodySchema,
        response: { 200: envelope(WechatStartResultSchema) },
      },
    },
    async (request) => {
      api();
      await throttle(request);
      const stateValue = randomBytes(20).toString('hex');
      await ctx.db
        .insertInto('wechat_states')
        .values({ state_hash: hash(stateValue), return_to: request.body.returnTo, expires_at: ctx.clock() + STATE_TTL_MS, used_at: null })
        .execute();
      const redirect = `${request.protocol}://${request.host}/authorize`;
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
        body: CheckoutBodySchema,
        response: { 200: envelope(CheckoutResultSchema) },
      },
    },
    async (request) => {
      api();
      await throttle(request);
      // The state first: a code that arrived without this app starting the round trip is never
      // exchanged, so a link carrying someone else's code does nothing (login CSRF).
      const started = await consumeState(request.body.state);
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
      const binding = await ctx.db.selectFrom('wechat_bindings').select('user_id').where('openid', '=', openid).executeTakeFirst();
      if (binding) {
        const owner = await ctx.db.selectFrom('users').select('mobile').where('id', '=', binding.user_id).executeTakeFirstOrThrow();
        const account = maskMobile(owner.mobile);
        if (current && current.id !== binding.user_id) {
          // Someone else is logged in in this tab: never replace that login without asking.
          const switchTicket = await newTicket({ openid, stateHash: started.stateHash, kind: 'login', userId: binding.user_id });
          return ok({ bound: true, loginInfo: null, bindTicket: null, switchTicket, account, returnTo });
        }
        return ok({ bound: true, loginInfo: await loginInfoFor(binding.user_id), bindTicket: null, switchTicket: null, account, returnTo });
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
      const row = await takeTicket(request.body.ticket, request.body.state, 'login');
      if (!row?.user_id) throw badInput(STALE_STATE);
      await dropTicket(request.body.ticket);
      return ok(await loginInfoFor(row.user_id));
    },
  );

  app.post(
    '/api/v8/wechat/step-up-code',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '向当前账号的手机号发送验证码（绑定、解绑微信前验证）',
        security: bearerSecurity,
        response: { 200: envelope(StepUpResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const phone = ownPhone(user.mobile);
      await gate.send(request, phone);
      return ok({ mobile: maskMobile(user.mobile), resendAfter: ctx.env.SMS_COOLDOWN_SECONDS, expiresIn: ctx.env.SMS_CODE_TTL_SECONDS });
    },
  );

  app.post(
    '/aysdmp/wechat/bind.do',
    {
      config: { noStore: true },
      schema: {
        tags: ['wechat'],
        summary: '把微信绑定到当前账号（须本标签页的 state 与手机验证码）',
        security: bearerSecurity,
        body: BindBodySchema,
        response: { 200: envelope(BindResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const row = await takeTicket(request.body.ticket, request.body.state, 'bind');
      if (!row) throw badInput('绑定凭证已失效，请重新发起微信绑定');
      const existing = await ctx.db
        .selectFrom('wechat_bindings')
        .selectAll()
        .where((eb) => eb.or([eb('openid', '=', row.openid), eb('user_id', '=', user.id)]))
        .execute();
      if (existing.some((b) => b.openid === row.openid && b.user_id !== user.id)) throw conflict('该微信已绑定其他账号');
      if (existing.some((b) => b.user_id === user.id && b.openid !== row.openid)) throw conflict('当前账号已绑定其他微信，请先解除绑定');
      // The holder of the ticket proved this WeChat; the code proves the account's phone.
      await gate.verify(ownPhone(user.mobile), request.body.code);
      if (existing.length === 0) {
        await ctx.db
          .insertInto('wechat_bindings')
          .values({ openid: row.openid, user_id: user.id, created_at: ctx.clock() })
          .onConflict((oc) => oc.doNothing())
          .execute();
        const now = await ctx.db.selectFrom('wechat_bindings').select('user_id').where('openid', '=', row.openid).executeTakeFirst();
        if (now?.user_id !== user.id) throw conflict('该微信已绑定其他账号');
      }
      await dropTicket(request.body.ticket);
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
        security: bearerSecurity,
        body: UnbindBodySchema,
        response: { 200: envelope(UnbindResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const binding = await ctx.db.selectFrom('wechat_bindings').select('openid').where('user_id', '=', user.id).executeTakeFirst();
      if (!binding) throw badInput('当前账号没有绑定微信');
      await gate.verify(ownPhone(user.mobile), request.body.code);
      await ctx.db.deleteFrom('wechat_bindings').where('user_id', '=', user.id).execute();
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
        response: { 200: envelope(z.object({ enabled: z.boolean(), appId: z.string() })) },
      },
    },
    async () => ok({ enabled: ctx.wechat !== null, appId: ctx.wechat ? ctx.env.WECHAT_APP_ID : '' }),
  );
};
