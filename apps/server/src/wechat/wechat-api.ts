/** WeChat OAuth (网页授权): exchanges an authorization code for the user's openid. */
export interface WechatApi {
  openidForCode(code: string): Promise<string | null>;
}

export function wechatApi(config: { appId: string; appSecret: string; baseUrl: string }, fetchImpl: typeof fetch = fetch): WechatApi {
  return {
    async openidForCode(code) {
      const url = new URL('/sns/oauth2/access_token', config.baseUrl);
      url.search = new URLSearchParams({
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(8000) });
      const json = (await res.json()) as { openid?: string; errcode?: number };
      return typeof json.openid === 'string' && json.openid ? json.openid : null;
    },
  };
}
