import type { DeleteAccountResult, StepUpResult } from '@moxa/core/login/login-contract';
import { apiFetch } from './api-client.ts';
import { getLoginInfo } from './login-info.ts';
import { forgetLogin } from './logout.ts';

/** A fresh code to the account's own number, before WeChat binding changes and before 注销账号. */
export const sendStepUpCode = () => apiFetch<StepUpResult>('/api/v8/me/step-up-code', { method: 'POST' });

/**
 * 注销账号: the server deletes the account and all its data once the code proves the phone; then the
 * phone forgets the login, the cache and this user's device data, as 退出登录 does. A failed request
 * changes nothing on either side.
 */
export async function deleteAccount(code: string): Promise<void> {
  const info = getLoginInfo();
  if (!info?.token) return;
  await apiFetch<DeleteAccountResult>('/api/v8/me', { method: 'DELETE', body: { code } });
  forgetLogin(info.user.id);
}
