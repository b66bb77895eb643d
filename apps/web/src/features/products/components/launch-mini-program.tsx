import { createElement, useEffect, useRef } from 'react';
import type { MiniProgramPage } from '@moxa/core/products/product-contract';

/** wx-open-launch-weapp wants the page path without a leading slash and with `.html` (pages/goods/detail.html?id=7). */
export const launchPath = (path: string) => {
  const [page = '', query] = path.replace(/^\/+/, '').split(/\?(.*)/s, 2);
  const html = page.endsWith('.html') ? page : `${page}.html`;
  return query ? `${html}?${query}` : html;
};

/** What the button inside WeChat's tag looks like: WeChat renders the template in its own shadow, so it carries its own styles. */
const BUTTON = `<style>.b{display:block;box-sizing:border-box;width:100%;min-height:48px;border:0;border-radius:24px;background:#a94b23;color:#fff;font-size:17px}</style><button class="b">去购买</button>`;

/**
 * Issue #30: inside WeChat, the store's mini-program opens through WeChat's own tag
 * (wx-open-launch-weapp, made available by wx.config's openTagList in lib/wechat-share.ts). When the
 * JS-SDK cannot be configured here, or WeChat reports the tag or the launch failed, the web store
 * (if any) takes its place.
 */
export default function LaunchMiniProgram({ page, onFail }: { page: MiniProgramPage; onFail: () => void }) {
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
