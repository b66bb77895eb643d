import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginInfo } from '@moxa/core/login/login-info';
import { apiFetch } from '../../../lib/api-client.ts';

export type CheckoutResult = { bound: boolean; loginInfo: LoginInfo | null; bindTicket: string | null };

/** Spec §7 call 4: exchange the WeChat OAuth code; bound → login info, else a bind ticket. */
export const checkout = (code: string) => apiFetch<CheckoutResult>('/aysdmp/wechat/checkout.do', { method: 'POST', body: { code } });
/** Spec §7 call 3: bind the WeChat account to the logged-in user. */
export const bind = (ticket: string) => apiFetch<{ bound: true }>('/aysdmp/wechat/bind.do', { method: 'POST', body: { ticket } });

export const useWechatConfig = () =>
  useQuery({ queryKey: ['wechat-config'], queryFn: () => apiFetch<{ enabled: boolean; appId: string }>('/api/v8/wechat/config') });
export const useCheckout = () => useMutation({ mutationFn: checkout });
export const useBind = () => useMutation({ mutationFn: bind });
