import { lazy, Suspense } from 'react';
import type { StoreLink } from '@moxa/core/products/product-contract';
import { Link } from '../../../components/link.tsx';

/** Where the consultation page is (spec §2), with the product it is about. */
export const consultHref = (productId: string) => `/single-order-h5/ConsultationH5?product=${encodeURIComponent(productId)}`;

/** 去购买's code, loaded only for a product that has a store. */
const StoreButton = lazy(() => import('./store-button.tsx'));

/**
 * The 购买 area of a product (issue #30): 问顾问 always (the consultation, which also helps choose),
 * and 去购买 beside it when a store is configured for the product or as the brand's default
 * (store-button.tsx). A consultation is not a way to buy, so without a store 问顾问 stands alone.
 */
export function BuyActions({ productId, store }: { productId: string; store: StoreLink | null }) {
  return (
    <>
      <Link className={`btn buy-consult${store ? '' : ' btn-primary buy-consult-only'}`} to={consultHref(productId)}>
        问顾问
      </Link>
      {store && (
        <Suspense fallback={<span className="buy-btn buy-pending" />}>
          <StoreButton store={store} />
        </Suspense>
      )}
    </>
  );
}
