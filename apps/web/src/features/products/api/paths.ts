import type { RouteData } from '../../../config/routes.ts';

/** The product API's paths, owned by this feature (issue #14 §5): fetchers and route prefetch share them. */
export const PRODUCT_TYPES_PATH = '/api/v8/products/types';
export const PRODUCT_PAGE_SIZE = 6;
export const productListPath = (type: string, page: number) =>
  `/api/v8/products?type=${encodeURIComponent(type)}&page=${page}&size=${PRODUCT_PAGE_SIZE}`;
export const productPath = (id: string) => `/api/v8/products/${encodeURIComponent(id)}`;
export const marketingPath = (id: string) => `/api/v8/products/${encodeURIComponent(id)}/marketing`;

/** What its screens read first, by component name: started while their chunks load (issue #6, decision 031). */
export const ROUTE_DATA: RouteData = {
  ProductHomeScreen: () => [PRODUCT_TYPES_PATH],
  ProductListScreen: (p) => [productListPath(p.type ?? '', 1), PRODUCT_TYPES_PATH],
  ProductDetailScreen: (p) => [productPath(p.id ?? '')],
  MarketingScreen: (p) => [marketingPath(p.id ?? '')],
};
