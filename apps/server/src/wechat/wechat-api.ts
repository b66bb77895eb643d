/**
 * The WeChat server APIs the app uses: OAuth (网页授权) exchanges an authorization code for the user's
 * openid; the JS-SDK needs a jsapi_ticket, got with the app's own access token (issue #16 sharing).
 */
export interface WechatApi {
  openidForCode(code: string): Promise<string | null>;
  /** A fresh jsapi_ticket and its lifetime in seconds, or null when WeChat refuses; throws when WeChat cannot be reached. */
  jsapiTicket(): Promise<{ ticket: string; expiresIn: number } | null>;
  /**
   * Issue #31: sends a template message (模板消息) or a one-time subscribe message (订阅通知) to an
   * openid. `clientMsgId` is WeChat's idempotency key for template messages (one message per openid
   * and id within 10 minutes). Answers WeChat's errcode (0: sent); throws when WeChat cannot be reached.
   */
  sendMessage?(message: WechatMessage): Promise<number>;
}

export type WechatMessage = {
  kind: 'template' | 'subscribe';
  openid: string;
  templateId: string;
  /** Template keys and their values. */
  data: Record<string, string>;
  url: string;
  clientMsgId: string;
};

/** Renew a credential this long before WeChat says it expires. */
const RENEW_MARGIN_MS = 5 * 60_000;
/** WeChat's answers for an access token that is no longer valid (another fetch replaced it, or it expired). */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

/** How long a credential of `expiresIn` seconds is used: until shortly before it expires. */
export const usableFor = (expiresIn: number) => Math.max(expiresIn * 1000 - RENEW_MARGIN_MS, (expiresIn * 1000) / 2);

export function wechatApi(
  config: { appId: string; appSecret: string; baseUrl: string },
  fetchImpl: typeof fetch = fetch,
  clock: () => number = Date.now,
): WechatApi {
  const getJson = async <T>(path: string, query: Record<string, string>): Promise<T> => {
    const url = new URL(path, config.baseUrl);
    url.search = new URLSearchParams(query).toString();
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(8000) });
    return (await res.json()) as T;
  };

  // Issue #27 item 8: the access token (WeChat allows about 2,000 a day) is cached until shortly before
  // it expires, and concurrent callers share one fetch.
  let token: { value: string; until: number } | null = null;
  let tokenInFlight: Promise<string | null> | null = null;
  const accessToken = (): Promise<string | null> => {
    if (token && token.until > clock()) return Promise.resolve(token.value);
    tokenInFlight ??= getJson<{ access_token?: string; expires_in?: number }>('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: config.appId,
      secret: config.appSecret,
    })
      .then((json) => {
        if (typeof json.access_token !== 'string' || !json.access_token) return null;
        token = { value: json.access_token, until: clock() + usableFor(json.expires_in ?? 7200) };
        return token.value;
      })
      .finally(() => {
        tokenInFlight = null;
      });
    return tokenInFlight;
  };
  const postJson = async <T>(path: string, query: Record<string, string>, body: object): Promise<T> => {
    const url = new URL(path, config.baseUrl);
    url.search = new URLSearchParams(query).toString();
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(8000),
    });
    return (await res.json()) as T;
  };
  const ticketWith = (accessTokenValue: string) =>
    getJson<{ ticket?: string; expires_in?: number; errcode?: number }>('/cgi-bin/ticket/getticket', {
      access_token: accessTokenValue,
      type: 'jsapi',
    });

  return {
    async openidForCode(code) {
      const json = await getJson<{ openid?: string; errcode?: number }>('/sns/oauth2/access_token', {
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      return typeof json.openid === 'string' && json.openid ? json.openid : null;
    },
    async jsapiTicket() {
      let value = await accessToken();
      if (!value) return null;
      let json = await ticketWith(value);
      if (json.errcode !== undefined && STALE_TOKEN.has(json.errcode)) {
        // Our cached token was replaced or expired early: one fresh token, one more try.
        if (token?.value === value) token = null;
        value = await accessToken();
        if (!value) return null;
        json = await ticketWith(value);
      }
      return typeof json.ticket === 'string' && json.ticket ? { ticket: json.ticket, expiresIn: json.expires_in ?? 7200 } : null;
    },
    async sendMessage(m) {
      const data = Object.fromEntries(Object.entries(m.data).map(([k, value]) => [k, { value }]));
      const body =
        m.kind === 'template'
          ? { touser: m.openid, template_id: m.templateId, url: m.url, data, client_msg_id: m.clientMsgId }
          : { touser: m.openid, template_id: m.templateId, page: m.url, data };
      const path = m.kind === 'template' ? '/cgi-bin/message/template/send' : '/cgi-bin/message/subscribe/bizsend';
      for (let attempt = 0; ; attempt++) {
        const value = await accessToken();
        if (!value) return -1;
        const json = await postJson<{ errcode?: number }>(path, { access_token: value }, body);
        const errcode = json.errcode ?? 0;
        if (attempt === 0 && STALE_TOKEN.has(errcode)) {
          if (token?.value === value) token = null;
          continue;
        }
        return errcode;
      }
    },
  };
}
