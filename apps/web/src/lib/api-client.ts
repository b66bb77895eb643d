import type { Envelope } from '@moxa/core/http/envelope';
import { getLoginInfo, setLoginInfo } from './login-info.ts';
import { checkLogin } from './login-check.ts';
import { currentPath } from './navigation.ts';
import { previewToken, takePrefetched } from './prefetch.ts';

/** A failed call with a Chinese message fit to show (design §4). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const NETWORK_MESSAGE = '网络不给力，请检查网络后重试';

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 normally ends the stored login and runs the login check; logout needs neither. */
  quietUnauthorized?: boolean;
  /** Sees the answer from the network before it is read, refused or not (a signed call reads its Date, issue #32). */
  onResponse?: (res: Response) => void;
};

/**
 * The one HTTP client: unwraps the envelope, sends the bearer token, and on 401 clears the stored
 * login info and runs the login check (design §4).
 */
export async function apiFetch<T>(path: string, opts: Options = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getLoginInfo()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (previewToken) headers['X-Moxa-Preview'] = previewToken;
  let res: Response;
  try {
    const prefetched = !opts.method && opts.body === undefined ? takePrefetched(url.pathname + url.search) : undefined;
    res =
      (await prefetched?.catch(() => undefined)) ??
      (await fetch(url, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
        // A preview's answers never come from (or go to) the HTTP cache (issue #29).
        cache: previewToken ? 'no-store' : undefined,
      }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, -1, NETWORK_MESSAGE);
  }
  opts.onResponse?.(res);
  const json = (await res.json().catch(() => null)) as Partial<Envelope<T>> | null;
  if (res.status === 401 && !opts.quietUnauthorized) {
    if (token) setLoginInfo(null);
    void checkLogin({ returnTo: currentPath() });
    throw new ApiError(401, json?.code ?? 40100, json?.msg ?? '请先登录');
  }
  if (!res.ok || !json || json.code !== 0) {
    throw new ApiError(res.status, json?.code ?? -1, json?.msg ?? (res.status >= 500 ? '服务器开小差了，请稍后再试' : NETWORK_MESSAGE));
  }
  return json.data as T;
}

export const errorMessage = (e: unknown): string => (e instanceof ApiError ? e.message : NETWORK_MESSAGE);
