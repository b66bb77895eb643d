import { z } from 'zod';

/** Spec §3: login info kept under keyLoginInfo. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
});
export const LoginInfoSchema = z.object({ token: z.string(), user: UserSchema });
export type User = z.infer<typeof UserSchema>;
export type LoginInfo = z.infer<typeof LoginInfoSchema>;

/** Spec §3 defaults: name 未登录, empty id, avatar and token. */
export const DEFAULT_LOGIN_INFO: LoginInfo = {
  token: '',
  user: { id: '', name: '未登录', avatarUrl: '' },
};
