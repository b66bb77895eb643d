import { z } from 'zod';
import { MSG_BAD_CODE, MSG_BAD_PHONE, SOURCE_FROM } from './constants.ts';
import { SALT_PATTERN } from './sign.ts';
import { ROLES } from './roles.ts';

/** Spec §3 login info, as the login call answers it. */
export const UserSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string() });
export const LoginInfoSchema = z.object({ token: z.string(), user: UserSchema });

/** Mobile as sent on the wire (spec §7): bare digits for +86, otherwise '+' code digits. */
export const WireMobileSchema = z.string({ error: MSG_BAD_PHONE }).regex(/^\+?[0-9]{4,20}$/, { error: MSG_BAD_PHONE });

/** Spec §7 call 1: POST /api/v8/sendMsg. */
export const SendMsgBodySchema = z.object({
  mobile: WireMobileSchema,
  from: z.literal(SOURCE_FROM, { error: '来源参数错误' }),
  sign: z.string({ error: '签名错误' }).regex(/^[0-9a-f]{32}$/, { error: '签名错误' }),
  time: z.number({ error: '时间参数错误' }).int({ error: '时间参数错误' }).positive({ error: '时间参数错误' }),
  salt: z.string({ error: '签名错误' }).regex(SALT_PATTERN, { error: '签名错误' }),
  versionCode: z.number({ error: '版本参数错误' }).int({ error: '版本参数错误' }),
});
export type SendMsgBody = z.infer<typeof SendMsgBodySchema>;

export const SendMsgResultSchema = z.object({
  /** Seconds until another code may be requested for this number. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});

/** Spec §7 call 2: GET /api/v8/login — query strings. */
/** An SMS code as typed: 4–8 digits. */
export const SmsCodeSchema = z.string({ error: MSG_BAD_CODE }).regex(/^[0-9]{4,8}$/, { error: MSG_BAD_CODE });

export const LoginQuerySchema = z.object({
  mobile: WireMobileSchema,
  code: SmsCodeSchema,
  from: z.coerce.number({ error: '来源参数错误' }).pipe(z.literal(SOURCE_FROM, { error: '来源参数错误' })),
  countryCode: z.string({ error: '请选择国家或地区' }).regex(/^[0-9]{1,4}$/, { error: '请选择国家或地区' }),
});
export type LoginQuery = z.infer<typeof LoginQuerySchema>;

export const LoginResultSchema = LoginInfoSchema;
export const RoleSchema = z.enum(ROLES);

/**
 * GET /api/v8/me: the number masked (issue #13 item 8), whether a WeChat account is bound, and the
 * user's roles (issue #14 §6; always including `user`).
 */
export const MeSchema = UserSchema.extend({ mobile: z.string(), wechatBound: z.boolean(), roles: z.array(RoleSchema) });
export type Me = z.infer<typeof MeSchema>;

/**
 * Issue #27 item 10: every SMS code has a purpose, and works only for it. `login` codes come from
 * sendMsg; the others are step-up codes to the account's own number: `wechat` before binding or
 * unbinding WeChat (issue #13 item 1), `delete-account` before 注销账号, `export` before 我的数据.
 */
export const STEP_UP_PURPOSES = ['wechat', 'delete-account', 'export'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
export type SmsPurpose = 'login' | StepUpPurpose;
/** An app from before issue #27 item 10 asks without a purpose: it is told to reload. */
const MSG_RELOAD = '页面已更新，请刷新后重试';
export const StepUpBodySchema = z.object({ purpose: z.enum(STEP_UP_PURPOSES, { error: MSG_RELOAD }) }, { error: MSG_RELOAD });
export type StepUpBody = z.infer<typeof StepUpBodySchema>;

/**
 * POST /api/v8/me/step-up-code: a fresh code for `purpose` was sent to the account's own number
 * (shown masked), asked before WeChat binding changes (issue #13 item 1), 注销账号 and 我的数据.
 */
export const StepUpResultSchema = z.object({ mobile: z.string(), resendAfter: z.number().int(), expiresIn: z.number().int() });
export type StepUpResult = z.infer<typeof StepUpResultSchema>;

/**
 * DELETE /api/v8/me (注销账号, 《个人信息保护法》 §47): the account and everything kept for it are
 * deleted at once, after a fresh code proves the account's phone.
 */
export const DeleteAccountBodySchema = z.object({ code: SmsCodeSchema });
export const DeleteAccountResultSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResult = z.infer<typeof DeleteAccountResultSchema>;
