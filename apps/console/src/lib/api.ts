import { LOGIN_INFO_KEY } from '@moxa/core/login/constants';
import type { Envelope } from '@moxa/core/http/envelope';

/**
 * The console's one HTTP client (issue #29): unwraps the `{code,msg,data}` envelope, sends the
 * bearer token the H5 keeps under keyLoginInfo (spec §3, the same login), and reports a refused
 * login (401: none, expired, idle 30 min, or the 12 h fresh-SMS rule) to `onUnauthorized` so the
 * console can ask for a fresh code in place, keeping whatever the user was editing.
 */
export class ConsoleApiError extends Error {
  /** Refine reads `statusCode` (its HttpError). */
  readonly statusCode: number;
  readonly code: number;
  constructor(statusCode: number, code: number, message: string) {
    super(message);
    this.name = 'ConsoleApiError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const NETWORK_MESSAGE = '网络不给力，请检查网络后重试';
export const SERVER_MESSAGE = '服务器开小差了，请稍后再试';

export type Query = Record<string, string | number | boolean | null | undefined>;
export type RequestOptions = { query?: Query; body?: unknown; headers?: Record<string, string> };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiDeps = {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  origin: string;
  /** A 401 from any call but the login itself: the console asks for a fresh login. */
  onUnauthorized?: (message: string) => void;
};

export type Api = ReturnType<typeof createApi>;

/** The token of the stored login info (spec §3), or '' when logged out or unreadable. */
export function readToken(storage: ApiDeps['storage']): string {
  try {
    const raw = storage?.getItem(LOGIN_INFO_KEY);
    if (!raw) return '';
    const parsed = JSON.parse(raw) as { token?: unknown };
    return typeof parsed.token === 'string' ? parsed.token : '';
  } catch {
    return '';
  }
}

export function toSearch(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function createApi(deps: ApiDeps) {
  /** One call; resolves to `data`, or throws a ConsoleApiError with a Chinese message. */
  async function raw(method: Method, path: string, opts: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = readToken(deps.storage);
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await deps.fetch(new URL(path + toSearch(opts.query), deps.origin), {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    } catch {
      throw new ConsoleApiError(0, -1, NETWORK_MESSAGE);
    }
  }

  async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await raw(method, path, opts);
    const json = (await res.json().catch(() => null)) as Partial<Envelope<T>> | null;
    if (res.status === 401) {
      const message = json?.msg ?? '请先登录';
      // Only the console's own calls: a wrong code at GET /api/v8/login is the login form's business.
      if (path.startsWith('/api/v8/console/')) deps.onUnauthorized?.(message);
      throw new ConsoleApiError(401, json?.code ?? 40100, message);
    }
    if (!res.ok || !json || json.code !== 0)
      throw new ConsoleApiError(res.status, json?.code ?? -1, json?.msg ?? (res.status >= 500 ? SERVER_MESSAGE : NETWORK_MESSAGE));
    return json.data as T;
  }

  return {
    raw,
    request,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
    put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  };
}

export const errorMessage = (e: unknown): string =>
  e instanceof ConsoleApiError ? e.message : e instanceof Error ? e.message : NETWORK_MESSAGE;
