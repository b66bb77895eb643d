import type { LoginInfo } from '@moxa/core/login/login-info';
import type { BindResult, CheckoutResult, UnbindResult, WechatStartResult } from '@moxa/core/login/wechat-contract';
import { apiFetch } from './api-client.ts';

/**
 * WeChat OAuth from the browser (issue #13 item 1, wechat-contract.ts). The state the server issues
 * is kept in this tab's sessionStorage: /authorize sends a code to the server only when it comes back
 * with that state, so a link carrying someone else's code does nothing.
 */
const STATE_KEY = 'moxa:wechat-state';
const PENDING_KEY = 'moxa:wechat-bind';

export type PendingBind = { ticket: string; state: string; returnTo: string };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Starts a round trip: a state for this tab, then WeChat's authorize page. */
export async function startWechat(returnTo: string, purpose: 'login' | 'bind' = 'login'): Promise<void> {
  const { state, url } = await apiFetch<WechatStartResult>('/api/v8/wechat/start', {
    method: 'POST',
    body: { returnTo, purpose },
  });
  session()?.setItem(STATE_KEY, state);
  window.location.assign(url);
}

/** The state this tab started, taken once (a state is single use on the server too). */
export function takeStartedState(): string | null {
  const s = session();
  const state = s?.getItem(STATE_KEY) ?? null;
  s?.removeItem(STATE_KEY);
  return state;
}

export const checkout = (code: string, state: string) =>
  apiFetch<CheckoutResult>('/aysdmp/wechat/checkout.do', { method: 'POST', body: { code, state } });
export const switchAccount = (ticket: string, state: string) =>
  apiFetch<LoginInfo>('/api/v8/wechat/switch', { method: 'POST', body: { ticket, state } });
export const bindWechat = (p: PendingBind, code: string) =>
  apiFetch<BindResult>('/aysdmp/wechat/bind.do', {
    method: 'POST',
    body: { ticket: p.ticket, state: p.state, code },
  });
export const unbindWechat = (code: string) => apiFetch<UnbindResult>('/aysdmp/wechat/unbind.do', { method: 'POST', body: { code } });

export function savePendingBind(p: PendingBind): void {
  session()?.setItem(PENDING_KEY, JSON.stringify(p));
}
export function readPendingBind(): PendingBind | null {
  try {
    const v = JSON.parse(session()?.getItem(PENDING_KEY) ?? 'null') as PendingBind | null;
    return v && typeof v.ticket === 'string' && typeof v.state === 'string' && typeof v.returnTo === 'string' ? v : null;
  } catch {
    return null;
  }
}
export function clearPendingBind(): void {
  session()?.removeItem(PENDING_KEY);
}
