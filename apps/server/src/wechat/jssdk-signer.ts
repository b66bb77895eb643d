import { createHash, randomBytes } from 'node:crypto';
import { usableFor, type WechatApi } from './wechat-api.ts';

type JssdkConfig = { appId: string; timestamp: number; nonceStr: string; signature: string };
/** A signature, or WeChat's failure remembered for `retryAfter` more seconds. */
type SignResult = { ok: true; config: JssdkConfig } | { ok: false; retryAfter: number };

/** Issue #27 item 8: after WeChat fails, answer from memory this long before asking it again. */
export const FAILURE_MEMORY_MS = 30_000;

/**
 * Signs page URLs for wx.config (issue #16 share cards), per WeChat's JS-SDK rules: SHA-1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` with the URL up to (not including) its #fragment.
 * The ticket is cached until shortly before it expires (WeChat limits how often it may be fetched),
 * concurrent requests share one fetch, and a failure is remembered for FAILURE_MEMORY_MS (issue #27
 * item 8), so an outage costs WeChat one call per half minute, not one per page view.
 */
export function jssdkSigner(
  api: WechatApi,
  appId: string,
  {
    clock = Date.now,
    nonce = () => randomBytes(12).toString('base64url'),
    onFailure = () => {},
  }: {
    clock?: () => number;
    nonce?: () => string;
    /** Called once per failed fetch (not per request): the error, or null when WeChat refused. */
    onFailure?: (err: Error | null) => void;
  } = {},
) {
  // `renewAt` is shortly before WeChat's expiry; between the two, a failed renewal still signs with it.
  let cached: { ticket: string; renewAt: number; expiresAt: number } | null = null;
  let failedUntil = 0;
  let inFlight: Promise<string | null> | null = null;
  const stillValid = () => (cached && cached.expiresAt > clock() ? cached.ticket : null);
  const failed = (err: Error | null) => {
    failedUntil = clock() + FAILURE_MEMORY_MS;
    onFailure(err);
    return stillValid();
  };
  function ticket(): Promise<string | null> {
    const now = clock();
    if (cached && cached.renewAt > now) return Promise.resolve(cached.ticket);
    if (failedUntil > now) return Promise.resolve(stillValid());
    inFlight ??= api
      .jsapiTicket()
      .then(
        (t) => {
          if (!t) return failed(null);
          const now = clock();
          cached = { ticket: t.ticket, renewAt: now + usableFor(t.expiresIn), expiresAt: now + t.expiresIn * 1000 };
          return t.ticket;
        },
        (err: unknown) => failed(err instanceof Error ? err : new Error(String(err))),
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }
  return {
    async sign(pageUrl: string): Promise<SignResult> {
      const t = await ticket();
      if (!t) return { ok: false, retryAfter: Math.max(1, Math.ceil((failedUntil - clock()) / 1000)) };
      const url = pageUrl.split('#')[0]!;
      const nonceStr = nonce();
      const timestamp = Math.floor(clock() / 1000);
      const signature = createHash('sha1').update(`jsapi_ticket=${t}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
      return { ok: true, config: { appId, timestamp, nonceStr, signature } };
    },
  };
}
