import { z } from 'zod';
import { LoginInfoSchema, SmsCodeSchema } from './login-contract.ts';

/**
 * WeChat OAuth login and binding (spec §7 calls 3–4, whose bodies the spec leaves to us; issue #13
 * item 1). The app starts every round trip itself: the server issues a `state` (160 random bits, hex,
 * as WeChat allows only [A-Za-z0-9] there) that the tab keeps; checkout.do accepts a code only with
 * the state this tab started, and every ticket it hands out is tied to that state. Binding and
 * unbinding are never automatic: the user confirms and proves the account's phone with a fresh code.
 */
export const WECHAT_STATE = /^[0-9a-f]{40}$/;
const TICKET = /^[A-Za-z0-9_-]{20,64}$/;

const state = z.string({ error: '微信授权已过期，请重新发起' }).regex(WECHAT_STATE, { error: '微信授权已过期，请重新发起' });
const ticket = z.string({ error: '绑定凭证无效' }).regex(TICKET, { error: '绑定凭证无效' });

/** Where to land afterwards: a path of this app only (an open redirect would aid phishing). */
export const ReturnPathSchema = z
  .string()
  .max(512)
  .regex(/^\/([^\s\\/][^\s\\]*)?$/, { error: '返回地址不正确' });

export const WechatStartBodySchema = z.object({
  returnTo: ReturnPathSchema.default('/'),
  purpose: z.enum(['login', 'bind']).default('login'),
});
export const WechatStartResultSchema = z.object({ state: z.string(), url: z.string(), expiresIn: z.number().int() });
export type WechatStartResult = z.infer<typeof WechatStartResultSchema>;

export const CheckoutBodySchema = z.object({
  code: z.string({ error: '缺少微信授权码' }).min(1, { error: '缺少微信授权码' }).max(256, { error: '微信授权码不正确' }),
  state,
});
export const CheckoutResultSchema = z.object({
  bound: z.boolean(),
  /** Bound, and nobody else is logged in here: the login info, as GET /api/v8/login answers it. */
  loginInfo: LoginInfoSchema.nullable(),
  /** Not bound: a short-lived ticket for bind.do, tied to this state. */
  bindTicket: z.string().nullable(),
  /** Bound to another account than the one logged in here: a ticket to switch, if the user agrees. */
  switchTicket: z.string().nullable(),
  /** The masked number of the account this WeChat is bound to, when it is. */
  account: z.string().nullable(),
  returnTo: z.string(),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

export const SwitchBodySchema = z.object({ ticket, state });
export const BindBodySchema = z.object({ ticket, state, code: SmsCodeSchema });
export const BindResultSchema = z.object({ bound: z.literal(true), signedOut: z.number().int().nonnegative() });
export type BindResult = z.infer<typeof BindResultSchema>;
export const UnbindBodySchema = z.object({ code: SmsCodeSchema });
export const UnbindResultSchema = z.object({ bound: z.literal(false), signedOut: z.number().int().nonnegative() });
export type UnbindResult = z.infer<typeof UnbindResultSchema>;

/** GET /api/v8/wechat/config: whether WeChat login is set up, and the app id when it is (else empty). */
export const WechatConfigSchema = z.object({ enabled: z.boolean(), appId: z.string() });
export type WechatConfig = z.infer<typeof WechatConfigSchema>;

/** GET /api/v8/wechat/jssdk-config?url= (issue #16): what wx.config needs to share the page at `url`. */
export const JssdkQuerySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: '页面地址不正确' }).max(1000, { error: '页面地址不正确' }),
});
export const JssdkConfigSchema = z.object({
  enabled: z.boolean(),
  config: z.object({ appId: z.string(), timestamp: z.number().int(), nonceStr: z.string(), signature: z.string() }).nullable(),
});
export type JssdkConfigAnswer = z.infer<typeof JssdkConfigSchema>;
