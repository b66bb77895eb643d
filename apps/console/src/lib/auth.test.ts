import { SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import { signRequest } from '@moxa/core/login/sign';
import { describe, expect, it } from 'vitest';
import { createApi } from './api.ts';
import { sendLoginCode } from './auth.ts';

/** A server that accepts a signed sendMsg only within its time window, as the real one does (design §4). */
function server(serverNow: number) {
  const bodies: { mobile: string; time: number; salt: string; sign: string }[] = [];
  const fetch = (async (_url: URL, init?: RequestInit) => {
    const body = JSON.parse(String(init!.body)) as (typeof bodies)[number] & { from: number };
    bodies.push(body);
    const okSign = body.sign === signRequest(body.mobile, body.time, body.salt, body.from);
    const inWindow = Math.abs(body.time - serverNow) <= SIGN_WINDOW_MS;
    const answer =
      okSign && inWindow
        ? { code: 0, msg: 'ok', data: { resendAfter: 60, expiresIn: 300 } }
        : { code: 40000, msg: '手机时间不准确，请校准后重试', data: null };
    return new Response(JSON.stringify(answer), {
      status: answer.code === 0 ? 200 : 400,
      headers: { Date: new Date(serverNow).toUTCString() },
    });
  }) as typeof globalThis.fetch;
  return { api: createApi({ fetch, storage: null, origin: 'http://console.test' }), bodies };
}

describe('sendLoginCode (spec §7, issue #32 item 7)', () => {
  const serverNow = Date.parse('2026-11-26T12:00:00Z');

  it('signs with the device time when it is right', async () => {
    const s = server(serverNow);
    await expect(sendLoginCode(s.api, '13800138000', () => serverNow + 1000)).resolves.toEqual({ resendAfter: 60 });
    expect(s.bodies).toHaveLength(1);
  });

  it('sends once more at the server’s time when the device clock is far off', async () => {
    const s = server(serverNow);
    await expect(sendLoginCode(s.api, '13800138000', () => serverNow - 3 * 3_600_000)).resolves.toEqual({ resendAfter: 60 });
    expect(s.bodies).toHaveLength(2);
    expect(Math.abs(s.bodies[1]!.time - serverNow)).toBeLessThan(2000);
    expect(s.bodies[1]!.salt).not.toBe(s.bodies[0]!.salt);
  });

  it('passes on any other refusal as it is, without a second try', async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ code: 42900, msg: '发送太频繁，请稍后再试', data: null }), {
        status: 429,
        headers: { Date: new Date().toUTCString() },
      })) as typeof globalThis.fetch;
    const api = createApi({ fetch, storage: null, origin: 'http://console.test' });
    await expect(sendLoginCode(api, '13800138000')).rejects.toMatchObject({ statusCode: 429, message: '发送太频繁，请稍后再试' });
  });
});
