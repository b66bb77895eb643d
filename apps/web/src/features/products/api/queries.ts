import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Paged } from '@moxa/core/http/paging';
import type { ProductDetail, ProductMarketing, ProductSummary, ProductTypeSection } from '@moxa/core/products/product-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { marketingPath, PRODUCT_TYPES_PATH, productListPath, productPath } from './paths.ts';

export const useProductTypes = () =>
  useQuery({ queryKey: ['products', 'types'], queryFn: () => apiFetch<ProductTypeSection[]>(PRODUCT_TYPES_PATH), staleTime: Infinity });

/** A type's products page by page, for infinite scroll (issue #16 /more_product). */
export const useProductPages = (type: string) =>
  useInfiniteQuery({
    queryKey: ['products', 'list', type],
    queryFn: ({ pageParam }) => apiFetch<Paged<ProductSummary>>(productListPath(type, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: Infinity,
  });

export const useProduct = (id: string) =>
  useQuery({ queryKey: ['products', 'detail', id], queryFn: () => apiFetch<ProductDetail>(productPath(id)), staleTime: Infinity });
export const useMarketing = (id: string) =>
  useQuery({ queryKey: ['products', 'marketing', id], queryFn: () => apiFetch<ProductMarketing>(marketingPath(id)), staleTime: Infinity });
