import { Link } from 'react-router';
import type { StoreLink } from '@moxa/core/products/product-contract';

/** Where the consultation page is (spec §2), with the product it is about. */
export const consultHref = (productId: string) => `/single-order-h5/ConsultationH5?product=${encodeURIComponent(productId)}`;

/**
 * 购买 (issue #16): the store page configured for the product. A mini-program page opens from inside
 * the brand's mini-program (its web-view); anywhere else, and when no store is configured, the button
 * leads to an advisor, who can also help choose.
 */
export function BuyButton({ productId, store }: { productId: string; store: StoreLink | null }) {
  if (store?.kind === 'url')
    return (
      <a className="btn btn-primary buy-btn" href={store.url} rel="noopener">
        去购买
      </a>
    );
  const wx = (window as { wx?: { miniProgram?: { navigateTo(o: { url: string }): void } } }).wx;
  const inMiniProgram = store?.kind === 'miniprogram' && (window as { __wxjs_environment?: string }).__wxjs_environment === 'miniprogram';
  if (inMiniProgram && wx?.miniProgram)
    return (
      <button type="button" className="btn btn-primary buy-btn" onClick={() => wx.miniProgram!.navigateTo({ url: store.path })}>
        去购买
      </button>
    );
  return (
    <Link className="btn btn-primary buy-btn" to={consultHref(productId)}>
      咨询购买
    </Link>
  );
}
