import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';

describe('server basics (issue #2 §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('answers unknown API paths with the envelope 404', async () => {
    const res = await t.app.inject({ url: '/api/v8/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 40400, msg: '请求的接口不存在', data: null });
  });

  it('answers bad JSON, wrong content types and huge bodies with Chinese messages', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v8/sendMsg',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 40000, msg: '请求内容不是有效的JSON', data: null });
    const text = await t.app.inject({ method: 'POST', url: '/api/v8/sendMsg', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toBe('请求格式不支持，请使用JSON');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v8/sendMsg',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(70_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe('请求内容过大');
  });

  it('reports health and version, never the database kind (issue #27 item 19)', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', db: 'ok', version: '1.0.0' } });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // Issue #29: framed by no one; only a console preview's navigation by its own origin (content-events.test.ts).
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Decision 053: kept although the bench's entry pages pay for it.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes every API route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/v8/sendMsg',
      '/api/v8/login',
      '/api/v8/me',
      '/api/v8/logout',
      '/api/v8/acupoints',
      '/api/v8/acupoints/{id}',
      '/api/v8/meridians/{id}',
      '/api/v8/physical/records',
      '/aysdmp/wechat/checkout.do',
      '/aysdmp/wechat/bind.do',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths['/api/v8/sendMsg'].post.description).toContain('ebf0f4664bd03dc96b88b34461950a75');
  });

  it('sends ETags on content reads and answers 304 when unchanged', async () => {
    const first = await t.app.inject({ url: '/api/v8/meridians' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/v8/meridians', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
