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

/** What the JS-SDK is given: 发送给朋友 and 分享到朋友圈 show it. */
type ShareData = { title: string; desc: string; link: string; imgUrl: string };

/** The id of the brand's defaults in every page's <head> (the server's brand/share-head.ts). */
export const SHARE_DEFAULTS_ID = 'moxa-share';

/**
 * Issue #30: the brand's share-card defaults, as the server wrote them into this page's <head> (read
 * per page load, so a publish shows with the next one); null when the brand sets none. A brand card
 * leads to the home page: it speaks for the site, not for the page it was shared from.
 */
export function defaultShareData(doc: Pick<Document, 'getElementById'> = document): ShareData | null {
  try {
    const d = JSON.parse(doc.getElementById(SHARE_DEFAULTS_ID)?.textContent ?? 'null') as {
      title?: unknown;
      description?: unknown;
      image?: unknown;
    } | null;
    if (typeof d?.title !== 'string' || typeof d.description !== 'string' || typeof d.image !== 'string') return null;
    return {
      title: d.title,
      desc: d.description,
      link: new URL('/', location.origin).href,
      imgUrl: new URL(d.image, location.origin).href,
    };
  } catch {
    return null;
  }
}

/** What sharing should show now: the page's card while one is set, else the brand's defaults. */
let wanted: ShareData | null = null;
let pageCard = false;

async function share(): Promise<void> {
  const wx = await configure();
  // Whichever page asked last wins, however the configurations' answers interleave.
  wx?.ready(() => {
    if (!wanted) return;
    wx.updateAppMessageShareData(wanted);
    wx.updateTimelineShareData(wanted);
  });
}

/**
 * Inside WeChat, a page's share card (share-card.ts) becomes what 发送给朋友 and 分享到朋友圈 show
 * (issue #16): the JS-SDK is given the card. Outside WeChat, or without WeChat credentials on the
 * server, nothing happens and the Open Graph tags serve other apps. Failures are silent: sharing then
 * uses WeChat's defaults.
 */
export async function applyCard(card: ShareCard): Promise<void> {
  pageCard = true;
  wanted = { title: card.title, desc: card.description, link: shareLink(card), imgUrl: shareImageUrl(card.image) };
  await share();
}

/**
 * Issue #30: a page that sets no card shares the brand's defaults. At start-up (main.tsx) unless the
 * first page has already set its own card; `left`: a page's card was removed as its page was left.
 */
export async function applyDefaultCard(left = false): Promise<void> {
  if (pageCard && !left) return;
  pageCard = false;
  wanted = defaultShareData();
  if (wanted) await share();
}

/**
 * A page without a share card that shows an open tag (the course form's subscribe button, 去购买's
 * mini-program launch) configures the SDK itself; false when it could not be configured here.
 */
export async function enableOpenTags(): Promise<boolean> {
  return (await configure()) !== null;
}
