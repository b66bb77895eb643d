import { SOURCE_FROM } from '@moxa/core/login/constants';
import type { LoginInfo } from '@moxa/core/login/login-info';
import { apiFetch } from '../../../lib/api-client.ts';

/** Spec §7 call 2: GET /api/v8/login; its data is the login info. */
export function login(vars: { mobile: string; code: string; countryCode: string }): Promise<LoginInfo> {
  return apiFetch<LoginInfo>('/api/v8/login', {
    query: { mobile: vars.mobile, code: vars.code, from: SOURCE_FROM, countryCode: vars.countryCode },
  });
}
