import { ApiError, apiFetch } from './api-client.ts';
import { getLoginInfo, setLoginInfo } from './login-info.ts';
import { queryClient } from './query-client.ts';
import { clearUserData } from './user-storage.ts';

/**
 * 退出登录 (issue #13 item 6): revokes the token on the server, then forgets the login on this
 * phone — keyLoginInfo, every cached answer and this user's health data kept on the device.
 * `everywhere` ends all of the account's sessions (logout-all) and fails, changing nothing here,
 * when the server cannot be reached, since the user asked for the other devices to be signed out.
 * Logging out of this phone alone still forgets it locally when offline: the token then ends on
 * its own at the idle limit.
 */
export async function logout(scope: 'device' | 'everywhere' = 'device'): Promise<void> {
  const info = getLoginInfo();
  if (!info?.token) return;
  try {
    await apiFetch(scope === 'everywhere' ? '/api/v8/logout-all' : '/api/v8/logout', { method: 'POST', quietUnauthorized: true });
  } catch (e) {
    const alreadyEnded = e instanceof ApiError && e.status === 401;
    if (scope === 'everywhere' && !alreadyEnded) throw e;
  }
  forgetLogin(info.user.id);
}

/** Forgets the login on this phone. */
export function forgetLogin(userId: string): void {
  setLoginInfo(null);
  queryClient.clear();
  clearUserData(userId);
}
