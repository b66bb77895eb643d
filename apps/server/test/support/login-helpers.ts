import type { FastifyInstance } from 'fastify';
import { makeSalt, signRequest } from '@moxa/core/login/sign';
import type { TestApp } from './test-app.ts';

/** A correctly signed sendMsg body, as the web client builds it (spec §7). */
export function signedBody(mobile: string, time: number, salt = makeSalt()) {
  return { mobile, from: 3, sign: signRequest(mobile, time, salt, 3), time, salt, versionCode: 75 };
}

export function sendMsg(app: FastifyInstance, mobile: string, time: number, ip = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/v8/sendMsg', payload: signedBody(mobile, time), remoteAddress: ip });
}

export function login(app: FastifyInstance, q: { mobile: string; code: string; countryCode?: string }, ip = '10.0.0.1') {
  const query = new URLSearchParams({ mobile: q.mobile, code: q.code, from: '3', countryCode: q.countryCode ?? '86' });
  return app.inject({ method: 'GET', url: `/api/v8/login?${query}`, remoteAddress: ip });
}

/** Logs a number in end to end through the API and returns its token. */
export async function loginAs(t: TestApp, mobile = '13800138000', ip = '10.0.0.9'): Promise<{ token: string; userId: string }> {
  const sent = await sendMsg(t.app, mobile, t.clock.now(), ip);
  if (sent.statusCode !== 200) throw new Error(`sendMsg failed: ${sent.body}`);
  const code = t.sms.sent.at(-1)!.code;
  const res = await login(t.app, { mobile, code }, ip);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data as { token: string; user: { id: string } };
  t.clock.advance(61_000);
  return { token: data.token, userId: data.user.id };
}
