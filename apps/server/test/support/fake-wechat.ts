import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers: as WeChat does, refusing with an errcode, or broken (HTTP 502 with an HTML page). */
type FakeWechatMode = 'ok' | 'refuse' | 'down';

/**
 * A fake WeChat server API on loopback for tests (issue #27 item 8): access tokens (`at-1`, `at-2`, …;
 * only the newest is valid, as when another fetch replaces it), jsapi tickets, and OAuth code exchange
 * (code `c-<openid>` → that openid). It records every request, so tests count what WeChat was asked.
 */
export async function startFakeWechat(opts: { appId?: string; secret?: string; tokenTtl?: number; ticketTtl?: number } = {}) {
  const appId = opts.appId ?? 'wxapp';
  const secret = opts.secret ?? 'wxsecret';
  let tokens = 0;
  let tickets = 0;
  const fake = {
    base: '',
    mode: 'ok' as FakeWechatMode,
    /** Milliseconds to wait before answering (lets concurrent requests overlap). */
    delayMs: 0,
    requests: [] as string[],
    /** Issue #31: template and subscribe messages received (a repeated client_msg_id is dropped, as WeChat does). */
    messages: [] as { path: string; body: Record<string, unknown> }[],
    /** How many requests reached `path`. */
    count: (path: string) => fake.requests.filter((p) => p === path).length,
    /** Makes every token issued so far invalid, as a fetch elsewhere would. */
    replaceTokens: () => void tokens++,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    fake.requests.push(url.pathname);
    const q = url.searchParams;
    const answer = (body: object) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () =>
      setTimeout(() => {
        if (fake.mode === 'down') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
        if (fake.mode === 'refuse') return answer({ errcode: -1, errmsg: 'system error' });
        if (url.pathname === '/cgi-bin/token') {
          if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== appId || q.get('secret') !== secret)
            return answer({ errcode: 40013, errmsg: 'invalid appid' });
          return answer({ access_token: `at-${++tokens}`, expires_in: opts.tokenTtl ?? 7200 });
        }
        if (url.pathname === '/cgi-bin/ticket/getticket') {
          if (q.get('type') !== 'jsapi') return answer({ errcode: 40097, errmsg: 'invalid args' });
          if (q.get('access_token') !== `at-${tokens}`) return answer({ errcode: 40001, errmsg: 'invalid credential' });
          return answer({ errcode: 0, errmsg: 'ok', ticket: `ticket-${++tickets}`, expires_in: opts.ticketTtl ?? 7200 });
        }
        if (url.pathname === '/sns/oauth2/access_token') {
          const code = q.get('code') ?? '';
          if (q.get('appid') !== appId || q.get('secret') !== secret || !code.startsWith('c-'))
            return answer({ errcode: 40029, errmsg: 'invalid code' });
          return answer({ access_token: 'oauth-at', openid: code.slice(2), scope: 'snsapi_base' });
        }
        if (url.pathname === '/cgi-bin/message/template/send' || url.pathname === '/cgi-bin/message/subscribe/bizsend') {
          if (q.get('access_token') !== `at-${tokens}`) return answer({ errcode: 40001, errmsg: 'invalid credential' });
          const body = JSON.parse(raw || '{}') as Record<string, unknown>;
          const repeated =
            body.client_msg_id !== undefined &&
            fake.messages.some((m) => m.body.client_msg_id === body.client_msg_id && m.body.touser === body.touser);
          if (!repeated) fake.messages.push({ path: url.pathname, body });
          return answer({ errcode: 0, errmsg: 'ok', msgid: fake.messages.length });
        }
        answer({ errcode: 40001, errmsg: 'invalid' });
      }, fake.delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
export type FakeWechat = Awaited<ReturnType<typeof startFakeWechat>>;
