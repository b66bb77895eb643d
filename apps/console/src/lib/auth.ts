import type { ConsoleMe } from '@moxa/core/console/console-contract';
import { LOGIN_INFO_KEY, SIGN_WINDOW_MS, SOURCE_FROM, VERSION_CODE } from '@moxa/core/login/constants';
import type { LoginInfo } from '@moxa/core/login/login-info';
import { makeSalt, signRequest } from '@moxa/core/login/sign';
import type { AuthProvider } from '@refinedev/core';
import { ConsoleApiError, NETWORK_MESSAGE, type Api, type ApiDeps } from './api.ts';
import { apiPath } from './paths.ts';

/**
 * Staff log in with the H5's two calls (spec §7: POST /api/v8/sendMsg, GET /api/v8/login) and the
 * same stored login info (keyLoginInfo); the console then asks /api/v8/console/me, which refuses a
 * login older than 12 hours or idle for 30 minutes, and anyone without a staff role (issue #29).
 */

/** A number as the wire wants it (spec §7): bare for +86, otherwise +<code><number>. */
export function wireMobile(countryCode: string, number: string): string {
  const digits = number.replace(/[\s-]/g, '');
  return countryCode === '86' ? digits : `+${countryCode}${digits}`;
}

/** A Chinese message when the number cannot be a mobile of that region, else null (the server checks it fully). */
export function mobileProblem(countryCode: string, number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  if (countryCode === '86' ? !/^1[3-9]\d{9}$/.test(digits) : !/^\d{4,15}$/.test(digits)) return '请输入正确的手机号';
  return null;
}

export const codeProblem = (code: string): string | null => (/^\d{4,8}$/.test(code.trim()) ? null : '请输入正确的验证码');

/**
 * Asks for an SMS code. The call is signed with the time (spec §7); a refusal whose answer shows the
 * device clock far from the server's is sent once more at the server's time (as the H5 does, issue #32).
 */
export async function sendLoginCode(api: Api, mobile: string, now: () => number = Date.now): Promise<{ resendAfter: number }> {
  let offset = 0;
  for (let attempt = 0; ; attempt++) {
    const time = now() + offset;
    const salt = makeSalt();
    const res = await api.raw('POST', '/api/v8/sendMsg', {
      body: { mobile, from: SOURCE_FROM, sign: signRequest(mobile, time, salt, SOURCE_FROM), time, salt, versionCode: VERSION_CODE },
    });
    const json = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: { resendAfter?: number } } | null;
    if (res.ok && json?.code === 0) return { resendAfter: json.data?.resendAfter ?? 60 };
    const serverTime = Date.parse(res.headers.get('Date') ?? '');
    const skew = Number.isNaN(serverTime) ? 0 : serverTime - now();
    if (attempt === 0 && Math.abs(skew) > SIGN_WINDOW_MS / 2) {
      offset = skew;
      continue;
    }
    throw new ConsoleApiError(res.status, json?.code ?? -1, json?.msg ?? NETWORK_MESSAGE);
  }
}

export function storeLogin(storage: ApiDeps['storage'], info: LoginInfo | null): void {
  try {
    storage?.setItem(LOGIN_INFO_KEY, info ? JSON.stringify(info) : '');
  } catch {
    /* storage off: the login lasts for this page only */
  }
}

export type LoginParams = { countryCode: string; mobile: string; code: string };

/** Logs in and checks the account is staff; stores the login only then, so a visitor's H5 login is untouched. */
export async function logIn(api: Api, storage: ApiDeps['storage'], params: LoginParams): Promise<ConsoleMe> {
  const problem = mobileProblem(params.countryCode, params.mobile) ?? codeProblem(params.code);
  if (problem) throw new ConsoleApiError(400, 40000, problem);
  const info = await api.get<LoginInfo>('/api/v8/login', {
    mobile: wireMobile(params.countryCode, params.mobile),
    code: params.code.trim(),
    from: SOURCE_FROM,
    countryCode: params.countryCode,
  });
  const previous = readRaw(storage);
  storeLogin(storage, info);
  try {
    return await api.get<ConsoleMe>(apiPath.me());
  } catch (e) {
    // Not staff (403): the H5 login stays as it was before (it is a valid login of the H5 still).
    if (e instanceof ConsoleApiError && e.statusCode === 403) {
      restoreRaw(storage, previous);
      throw new ConsoleApiError(403, e.code, '这个账号没有后台权限，请联系管理员开通');
    }
    throw e;
  }
}

function readRaw(storage: ApiDeps['storage']): string | null {
  try {
    return storage?.getItem(LOGIN_INFO_KEY) ?? null;
  } catch {
    return null;
  }
}
function restoreRaw(storage: ApiDeps['storage'], raw: string | null): void {
  try {
    storage?.setItem(LOGIN_INFO_KEY, raw ?? '');
  } catch {
    /* nothing to restore */
  }
}

export function consoleAuthProvider(api: Api, storage: ApiDeps['storage']): AuthProvider {
  return {
    async login(params: LoginParams & { to?: string }) {
      try {
        await logIn(api, storage, params);
        return { success: true, redirectTo: params.to || '/content' };
      } catch (e) {
        return { success: false, error: { name: '登录失败', message: (e as Error).message } };
      }
    },
    async logout() {
      try {
        await api.post('/api/v8/logout');
      } catch {
        /* already ended: forgetting it here is enough */
      }
      storeLogin(storage, null);
      return { success: true, redirectTo: '/login' };
    },
    async check() {
      try {
        await api.get<ConsoleMe>(apiPath.me());
        return { authenticated: true };
      } catch (e) {
        const status = e instanceof ConsoleApiError ? e.statusCode : 0;
        if (status === 401 || status === 403) return { authenticated: false, redirectTo: '/login', logout: false };
        return { authenticated: false, error: e as Error, redirectTo: '/login' };
      }
    },
    async getIdentity() {
      try {
        return await api.get<ConsoleMe>(apiPath.me());
      } catch {
        return null;
      }
    },
    async getPermissions() {
      try {
        return (await api.get<ConsoleMe>(apiPath.me())).roles;
      } catch {
        return [];
      }
    },
    // A refused login is answered in place by the re-login dialog (session.ts), never by leaving the page.
    async onError() {
      return {};
    },
  };
}
