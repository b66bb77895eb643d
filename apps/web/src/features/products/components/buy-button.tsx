import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MiniProgramPage, StoreLink } from '@moxa/core/products/product-contract';

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

/** wx-open-launch-weapp wants the page path without a leading slash and with `.html` (pages/goods/detail.html?id=7). */
export const launchPath = (path: string) => {
  const [page = '', query] = path.replace(/^\/+/, '').split(/\?(.*)/s, 2);
  const html = page.endsWith('.html') ? page : `${page}.html`;
  return query ? `${html}?${query}` : html;
};

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
      {route === 'launch' && <LaunchMiniProgram page={store!.miniProgram!} onFail={onLaunchFail} />}
      {!route && store?.miniProgram && where === 'browser' && <span className="buy-hint">在微信里打开本页可以购买</span>}
    </>
  );
}

/** What the button inside WeChat's tag looks like: WeChat renders the template in its own shadow, so it carries its own styles. */
const BUTTON = `<style>.b{display:block;box-sizing:border-box;width:100%;min-height:48px;border:0;border-radius:24px;background:#a94b23;color:#fff;font-size:17px}</style><button class="b">去购买</button>`;

/**
 * Issue #30: inside WeChat, the store's mini-program opens through WeChat's own tag
 * (wx-open-launch-weapp, made available by wx.config's openTagList in lib/wechat-share.ts). When the
 * JS-SDK cannot be configured here, or WeChat reports the tag or the launch failed, the web store
 * (if any) takes its place.
 */
function LaunchMiniProgram({ page, onFail }: { page: MiniProgramPage; onFail: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    let live = true;
    const fail = () => {
      if (live) onFail();
    };
    void import('../../../lib/wechat-share.ts').then((m) => m.enableOpenTags()).then((ok) => ok || fail(), fail);
    const el = ref.current;
    el?.addEventListener('error', fail);
    document.addEventListener('WeixinOpenTagsError', fail);
    return () => {
      live = false;
      el?.removeEventListener('error', fail);
      document.removeEventListener('WeixinOpenTagsError', fail);
    };
  }, [onFail]);
  return createElement(
    'wx-open-launch-weapp',
    { ref, appid: page.appId, path: launchPath(page.path), id: 'buy-launch', className: 'buy-btn buy-launch' },
    <script type="text/wxtag-template" dangerouslySetInnerHTML={{ __html: BUTTON }} />,
  );
}
