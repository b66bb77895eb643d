/**
 * Spec §3: login info kept under keyLoginInfo. Plain types and a guard (no zod here: the web's
 * entry chunk imports this, and must stay small — issue #6). The zod schema is in login-contract.ts.
 */
export type User = { id: string; name: string; avatarUrl: string };
export type LoginInfo = { token: string; user: User };

/** Spec §3 defaults: name 未登录, empty id, avatar and token. */
export const DEFAULT_LOGIN_INFO: LoginInfo = {
  token: '',
  user: { id: '', name: '未登录', avatarUrl: '' },
};

const isString = (v: unknown): v is string => typeof v === 'string';

export function isLoginInfo(value: unknown): value is LoginInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { token?: unknown; user?: { id?: unknown; name?: unknown; avatarUrl?: unknown } | null };
  return (
    isString(v.token) &&
    typeof v.user === 'object' &&
    v.user !== null &&
    isString(v.user.id) &&
    isString(v.user.name) &&
    isString(v.user.avatarUrl)
  );
}
