import { createHash, randomBytes } from 'node:crypto';
import type { WechatApi } from './wechat-api.ts';

export type JssdkConfig = { appId: string; timestamp: number; nonceStr: string; signature: string };

/** Renew the ticket this long before WeChat says it expires. */
const MARGIN_MS = 5 * 60_000;

/**
 * Signs page URLs for wx.config (issue #16 share cards), per WeChat's JS-SDK rules: SHA-1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` with the URL up to (not including) its #fragment.
 * The ticket is cached until shortly before it expires (WeChat limits how often it may be fetched),
 * and concurrent requests share one fetch.
 */
export function jssdkSigner(
  api: WechatApi,
  appId: string,
  clock: () => number = Date.now,
  nonce: () => string = () => randomBytes(12).toString('base64url'),
) {
  let cached: { ticket: string; until: number } | null = null;
  let inFlight: Promise<string | null> | null = null;
  async function ticket(): Promise<string | null> {
    if (cached && cached.until > clock()) return cached.ticket;
    inFlight ??= api
      .jsapiTicket()
      .then((t) => {
        cached = t ? { ticket: t.ticket, until: clock() + t.expiresIn * 1000 - MARGIN_MS } : null;
        return t?.ticket ?? null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }
  return {
    async sign(pageUrl: string): Promise<JssdkConfig | null> {
      const t = await ticket();
      if (!t) return null;
      const url = pageUrl.split('#')[0]!;
      const nonceStr = nonce();
      const timestamp = Math.floor(clock() / 1000);
      const signature = createHash('sha1').update(`jsapi_ticket=${t}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
      return { appId, timestamp, nonceStr, signature };
    },
  };
}
