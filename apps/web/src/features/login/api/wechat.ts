import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Whether WeChat login is set up on this server (the calls themselves: lib/wechat-client.ts). */
export const useWechatConfig = () =>
  useQuery({ queryKey: ['wechat-config'], queryFn: () => apiFetch<{ enabled: boolean; appId: string }>('/api/v8/wechat/config') });
