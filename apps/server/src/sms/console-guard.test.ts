import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMsg } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/**
 * Issue #27 item 12: a single instance with the console provider, reached through nginx on the same
 * machine (the loopback, so the start-up check lets it run), stops printing login codes at the first
 * proxied request, and says why in the log, instead of silently printing real users' codes.
 */
describe.each(DIALECTS)('the console SMS provider behind a proxy on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The real console provider (not the suite's fake), without SMS_CONSOLE_ALLOWED.
    t = await createTestApp(dialect, { SMS_CONSOLE_ALLOWED: false }, { sms: undefined });
  });
  afterAll(async () => t.close());

  it('prints codes for direct requests on the loopback, and stops once a request comes through a proxy', async () => {
    expect((await sendMsg(t.app, '13700137001', t.clock.now(), '127.0.0.1')).statusCode).toBe(200);

    const proxied = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(proxied.statusCode).toBe(200);
    expect(t.logs.join('')).toContain('SMS_PROVIDER=console behind a proxy');

    t.clock.advance(61_000);
    const refused = await sendMsg(t.app, '13700137002', t.clock.now(), '127.0.0.1');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().msg).toBe('短信发送失败，请稍后重试');
    expect(t.logs.join('')).toContain('configure a real SMS provider');
  });

  it('is left alone when the console provider is explicitly allowed', async () => {
    const allowed = await createTestApp(dialect, { SMS_CONSOLE_ALLOWED: true }, { sms: undefined });
    try {
      await allowed.app.inject({ url: '/api/health', headers: { 'x-real-ip': '203.0.113.5' } });
      expect((await sendMsg(allowed.app, '13700137003', allowed.clock.now(), '127.0.0.1')).statusCode).toBe(200);
      expect(allowed.logs.join('')).not.toContain('behind a proxy');
    } finally {
      await allowed.close();
    }
  });
});
