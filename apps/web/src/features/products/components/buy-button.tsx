import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { StoreLink } from '@moxa/core/products/product-contract';

/** Only inside WeChat, so loaded only there. */
const LaunchMiniProgram = lazy(() => import('./launch-mini-program.tsx'));

/** Where the consultation page is (spec §2), with the product it is about. */
export const consultHref = (productId: string) => `/single-order-h5/ConsultationH5?product=${encodeURIComponent(productId)}`;

type MiniProgramBridge = { miniProgram?: { navigateTo(o: { url: string }): void } };

/** Where the page runs: inside the brand's mini-program (its web-view), in WeChat, or any other browser. */
function runningIn(): 'miniprogram' | 'wechat' | 'browser' {
  const w = window as { __wxjs_environment?: string };
  if (w.__wxjs_environment === 'miniprogram' || /miniProgram/i.test(navigator.userAgent)) return 'miniprogram';
  return /MicroMessenger/i.test(navigator.userAgent) ? 'wechat' : 'browser';
}

/**
 * How 去购买 reaches the store here (issue #30), or null when it cannot: a mini-program page from
 * inside the mini-program (navigateTo) or from WeChat (its open tag); otherwise the web store.
 */
function storeRoute(store: StoreLink | null, where: ReturnType<typeof runningIn>): 'navigate' | 'launch' | 'url' | null {
  if (!store) return null;
  if (store.miniProgram && where === 'miniprogram' && (window as { wx?: MiniProgramBridge }).wx?.miniProgram) return 'navigate';
  if (store.miniProgram && where === 'wechat') return 'launch';
  return store.url ? 'url' : null;
}

/**
 * The 购买 area of a product (issue #30): 问顾问 always (the consultation, which also helps choose),
 * and 去购买 beside it when a store is configured for the product or as the brand's default. A
 * consultation is not a way to buy, so without a reachable store 问顾问 stands alone.
 */
export function BuyActions({ productId, store }: { productId: string; store: StoreLink | null }) {
  const [launchFailed, setLaunchFailed] = useState(false);
  const onLaunchFail = useCallback(() => setLaunchFailed(true), []);
  const where = runningIn();
  let route = storeRoute(store, where);
  if (route === 'launch' && launchFailed) route = store?.url ? 'url' : null;
  const consult = (
    <Link className={`btn buy-consult${route ? '' : ' btn-primary buy-consult-only'}`} to={consultHref(productId)}>
      问顾问
    </Link>
  );
  return (
    <>
      {consult}
      {route === 'url' && (
        <a className="btn btn-primary buy-btn" href={store!.url} target="_blank" rel="noopener noreferrer">
          去购买
        </a>
      )}
      {route === 'navigate' && (
        <button
          type="button"
          className="btn btn-primary buy-btn"
          onClick={() =>
            (window as { wx?: MiniProgramBridge }).wx?.miniProgram?.navigateTo({ url: `/${store!.miniProgram!.path.replace(/^\/+/, '')}` })
          }
        >
          去购买
        </button>
      )}
      {route === 'launch' && (
        <Suspense fallback={<span className="buy-btn buy-launch" />}>
          <LaunchMiniProgram page={store!.miniProgram!} onFail={onLaunchFail} />
        </Suspense>
      )}
      {!route && store?.miniProgram && where === 'browser' && <span className="buy-hint">在微信里打开本页可以购买</span>}
    </>
  );
}
