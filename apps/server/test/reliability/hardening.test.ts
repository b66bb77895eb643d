import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../support/test-app.ts';
import { loggerOptions, redactUrl } from '../../src/plugins/logging.ts';
import { loadEnv } from '../../src/env.ts';
import { readOperations } from '../support/openapi-operations.ts';

/** Issue #13 items 12–15: log redaction, headers and caching, the docs UI switch, proxy warning, Node's own refusals. */
describe.each(DIALECTS)('hardening on %s (issue #13)', (dialect) => {
  let t: TestApp;
  let token: string;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'moxa-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(web, '.env'), 'SECRET_KEY=leaked');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', '.secret'), 'leaked');
    t = await createTestApp(dialect, { WEB_DIST: web }, { serveWeb: true });
    token = (await loginAs(t, '13800138555')).token;
  });
  afterAll(async () => t.close());

  it('answers every authenticated operation and the login call with Cache-Control: no-store (item 13)', async () => {
    const ops = (await readOperations(t.app)).filter((op) => op.bearer);
    expect(ops.length).toBeGreaterThan(3);
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, 'x');
      for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
        const res = await t.app.inject({ method: op.method, url, headers, ...(op.body ? { payload: {} } : {}) });
        expect(res.headers['cache-control'], `${op.method} ${op.path}`).toBe('no-store');
      }
    }
    for (const url of ['/api/v8/login?mobile=13800138000&code=000000&from=3&countryCode=86', '/api/v8/login?mobile=1&code=1'])
      expect((await t.app.inject({ url })).headers['cache-control']).toBe('no-store');
  });

  it('sends a strict CSP and a Permissions-Policy, and never serves dotfiles (item 13)', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    for (const url of ['/.env', '/assets/.secret', '/%2eenv']) {
      const dot = await t.app.inject({ url });
      expect(dot.body, url).not.toContain('leaked');
    }
  });

  it('serves the OpenAPI JSON but not the browsable UI unless configured (item 13)', async () => {
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(404);
    expect(ui.json().code).not.toBe(0);
    const on = await createTestApp(dialect, { API_DOCS_UI: true });
    try {
      const page = await on.app.inject({ url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await on.close();
    }
  });

  it('warns once when requests carry X-Forwarded-For while TRUST_PROXY is off (item 14)', async () => {
    t.logs.length = 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(t.logs.filter((l) => l.includes('TRUST_PROXY is off'))).toHaveLength(1);
  });

  it('answers requests Node refuses itself with the envelope (item 15)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let out = '';
        socket.on('data', (d) => (out += d.toString()));
        socket.on('end', () => resolve(out));
        socket.on('error', reject);
      });
    const long = await raw(`GET /api/v8/acupoints?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4))).toEqual({ code: 43100, msg: '请求地址或请求头过长', data: null });
    const garbage = await raw('GARBAGE\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toMatchObject({ msg: '请求格式不正确', data: null });
  });
});

describe('log redaction (issue #13 item 12)', () => {
  it('redacts secrets in the parsed query, however the key is encoded', () => {
    expect(redactUrl('/api/v8/login?mobile=13800138000&code=123456&from=3&countryCode=86')).toBe(
      '/api/v8/login?mobile=***&code=***&from=3&countryCode=86',
    );
    for (const url of [
      '/api/v8/login?%6Dobile=13800138000&%63ode=123456',
      '/x?MOBILE=13800138000',
      '/x?m=%2B8613800138000',
      '/x?a=1&mobile=138%2000138000',
    ]) {
      const out = redactUrl(url);
      expect(out, url).not.toMatch(/13800138000|138 00138000|123456/);
    }
  });

  it('strips database error details and masks numbers in error messages', () => {
    const serializers = (loggerOptions(loadEnv({})) as { serializers: { err: (e: unknown) => Record<string, unknown> } }).serializers;
    const err = Object.assign(new Error('duplicate key value violates unique constraint for +8613800138000'), {
      code: '23505',
      detail: 'Key (mobile)=(+8613800138000) already exists.',
      where: 'row +8613800138000',
    });
    const out = serializers.err(err);
    expect(JSON.stringify(out)).not.toContain('13800138000');
    expect(out).not.toHaveProperty('detail');
    expect(out).toMatchObject({ type: 'Error', code: '23505' });
  });
});
