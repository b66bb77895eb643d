import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '@moxa/core/brand/brand-contract';
import { BRAND_PATH } from '@moxa/core/http/route-data';
import { apiFetch } from './api-client.ts';

export type { Brand };

/**
 * The brand settings (issue #30, GET /api/v8/brand): 关于我们 and the footer read them. What the
 * operator has not set is null, and the pages leave it out.
 */
export const brandQuery = queryOptions({ queryKey: ['brand'], queryFn: () => apiFetch<Brand>(BRAND_PATH), staleTime: 5 * 60 * 1000 });
export const useBrand = () => useQuery(brandQuery);

/** `tel:` wants digits and `+` only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;
