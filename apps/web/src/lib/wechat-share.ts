import type { JssdkConfigAnswer } from '@moxa/core/login/wechat-contract';
import { apiFetch } from './api-client.ts';
import { shareImageUrl, shareLink, type ShareCard } from './share-card.ts';

/** WeChat's JS-SDK, from WeChat's own host (the server allows it in the CSP only when WeChat is configured). */
const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

type Wx = {
  config(c: Record<string, unknown>): void;
  ready(f: () => void): void;
  error(f: (e: unknown) => void): void;
  updateAppMessageShareData(d: Record<string, unknown>): void;
  updateTimelineShareData(d: Record<string, unknown>): void;
};

const inWechat = () => /MicroMessenger/i.test(navigator.userAgent);
let sdk: Promise<Wx | null> | null = null;

function loadSdk(): Promise<Wx | null> {
  sdk ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.onload = () => resolve((window as { wx?: Wx }).wx ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
  return sdk;
}

/**
 * Signs this page's address (GET /api/v8/wechat/jssdk-config) and configures the JS-SDK for it: the
 * share calls, and the open tag WeChat's subscribe button needs (wx-open-subscribe, issue #31).
 * Null outside WeChat, without WeChat credentials on the server, or on any failure (silent).
 */
async function configure(): Promise<Wx | null> {
  if (!inWechat()) return null;
  const answer = await apiFetch<JssdkConfigAnswer>('/api/v8/wechat/jssdk-config', { query: { url: location.href.split('#')[0]! } }).catch(
    () => null,
  );
  if (!answer?.enabled || !answer.config) return null;
  const wx = await loadSdk();
  wx?.config({
    debug: false,
    ...answer.config,
    jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    // Issue #31: the course form's subscribe button; issue #30: 去购买 opening the store's mini-program.
    openTagList: ['wx-open-subscribe', 'wx-open-launch-weapp'],
  });
  return wx;
}

/**
 * Inside WeChat, a page's share card (share-card.ts) becomes what 发送给朋友 and 分享到朋友圈 show
 * (issue #16): the JS-SDK is given the card. Outside WeChat, or without WeChat credentials on the
 * server, nothing happens and the Open Graph tags serve other apps. Failures are silent: sharing then
 * uses WeChat's defaults.
 */
export async function applyCard(card: ShareCard): Promise<void> {
  const wx = await configure();
  wx?.ready(() => {
    const data = { title: card.title, desc: card.description, link: shareLink(card), imgUrl: shareImageUrl(card.image) };
    wx.updateAppMessageShareData(data);
    wx.updateTimelineShareData(data);
  });
}

/**
 * A page without a share card that shows an open tag (the course form's subscribe button, 去购买's
 * mini-program launch) configures the SDK itself; false when it could not be configured here.
 */
export async function enableOpenTags(): Promise<boolean> {
  return (await configure()) !== null;
}
