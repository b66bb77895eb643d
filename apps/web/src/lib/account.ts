import type { DeleteAccountResult, StepUpPurpose, StepUpResult } from '@moxa/core/login/login-contract';
import { apiFetch } from './api-client.ts';
import { getLoginInfo } from './login-info.ts';
import { forgetLogin } from './logout.ts';

/**
 * A fresh code to the account's own number, before WeChat binding changes, 注销账号 and 我的数据; it
 * works only for `purpose` (issue #27 item 10).
 */
export const sendStepUpCode = (purpose: StepUpPurpose) =>
  apiFetch<StepUpResult>('/api/v8/me/step-up-code', { method: 'POST', body: { purpose } });

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
