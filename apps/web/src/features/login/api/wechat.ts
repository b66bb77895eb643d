import { useQuery } from '@tanstack/react-query';
import type { WechatConfig } from '@moxa/core/login/wechat-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** Whether WeChat login is set up on this server (the calls themselves: lib/wechat-client.ts). */
export const useWechatConfig = () =>
  useQuery({ queryKey: ['wechat-config'], queryFn: () => apiFetch<WechatConfig>('/api/v8/wechat/config') });
