import { queryOptions, useQuery } from '@tanstack/react-query';
import { ABOUT_PATH } from '@moxa/core/http/route-data';
import type { About } from '@moxa/core/legal/about-contract';
import { apiFetch } from './api-client.ts';

export type { About };

/**
 * Who runs the service (issue #27 item 18), from the brand settings (issue #30; the server's
 * configuration as a fallback): the 隐私政策 and 用户协议 pages read it. A value not set is null.
 */
export const getAbout = () => apiFetch<About>(ABOUT_PATH);
export const aboutQuery = queryOptions({ queryKey: ['about'], queryFn: getAbout, staleTime: 5 * 60 * 1000 });
export const useAbout = () => useQuery(aboutQuery);

/** What the pages show for a value the operator has not configured. */
export const NOT_CONFIGURED = '未配置';
export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';
