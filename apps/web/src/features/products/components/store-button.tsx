import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import type { MiniProgramPage, StoreLink } from '@moxa/core/products/product-contract';

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
 * 去购买 (issue #30), loaded only for a product with a store: the web store, the mini-program page from
 * inside the mini-program, or WeChat's launch tag inside WeChat (the web store if that fails). A store
 * that only has a mini-program cannot be opened from another browser: the button says where it can.
 */
export default function StoreButton({ store }: { store: StoreLink }) {
  const [launchFailed, setLaunchFailed] = useState(false);
  const onLaunchFail = useCallback(() => setLaunchFailed(true), []);
  const where = runningIn();
  let route = storeRoute(store, where);
  if (route === 'launch' && launchFailed) route = store.url ? 'url' : null;
  if (route === 'url')
    return (
      <a className="btn btn-primary buy-btn" href={store.url} target="_blank" rel="noopener noreferrer">
        去购买
      </a>
    );
  if (route === 'navigate')
    return (
      <button
        type="button"
        className="btn btn-primary buy-btn"
        onClick={() =>
          (window as { wx?: MiniProgramBridge }).wx?.miniProgram?.navigateTo({ url: `/${store.miniProgram!.path.replace(/^\/+/, '')}` })
        }
      >
        去购买
      </button>
    );
  if (route === 'launch') return <LaunchMiniProgram page={store.miniProgram!} onFail={onLaunchFail} />;
  return <span className="buy-hint">{where === 'browser' ? '在微信里打开本页可以购买' : '暂时无法打开小程序，可以问顾问'}</span>;
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
