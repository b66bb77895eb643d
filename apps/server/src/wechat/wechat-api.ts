/**
 * The WeChat server APIs the app uses: OAuth (网页授权) exchanges an authorization code for the user's
 * openid; the JS-SDK needs a jsapi_ticket, got with the app's own access token (issue #16 sharing).
 */
export interface WechatApi {
  openidForCode(code: string): Promise<string | null>;
  /** A fresh jsapi_ticket and its lifetime in seconds, or null when WeChat refuses. */
  jsapiTicket(): Promise<{ ticket: string; expiresIn: number } | null>;
}

export function wechatApi(config: { appId: string; appSecret: string; baseUrl: string }, fetchImpl: typeof fetch = fetch): WechatApi {
  const getJson = async <T>(path: string, query: Record<string, string>): Promise<T> => {
    const url = new URL(path, config.baseUrl);
    url.search = new URLSearchParams(query).toString();
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(8000) });
    return (await res.json()) as T;
  };
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
      const token = await getJson<{ access_token?: string }>('/cgi-bin/token', {
        grant_type: 'client_credential',
        appid: config.appId,
        secret: config.appSecret,
      });
      if (!token.access_token) return null;
      const json = await getJson<{ ticket?: string; expires_in?: number }>('/cgi-bin/ticket/getticket', {
        access_token: token.access_token,
        type: 'jsapi',
      });
      return json.ticket ? { ticket: json.ticket, expiresIn: json.expires_in ?? 7200 } : null;
    },
  };
}
