import type { User } from '@moxa/core/login/login-info';
import { apiFetch } from '../../../lib/api-client.ts';
import { getLoginInfo, setLoginInfo } from '../../../lib/login-info.ts';

/**
 * Sets the 昵称 (issue #27 item 13) and keeps the login info on this phone in step, so every screen
 * that shows the name (我的, the account sheet) shows the new one.
 */
export async function updateNickname(name: string): Promise<User> {
  const user = await apiFetch<User>('/api/v8/me', { method: 'PATCH', body: { name } });
  syncStoredName(user.name);
  return user;
}

/** The stored login keeps the name the server has (after a change elsewhere, or migration 016). */
export function syncStoredName(name: string): void {
  const info = getLoginInfo();
  if (info?.token && info.user.name !== name) setLoginInfo({ ...info, user: { ...info.user, name } });
}
