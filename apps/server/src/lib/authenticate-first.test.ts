import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOperations, type Operation } from '../../test/support/openapi-operations.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/**
 * Issue #27 item 11: every operation the OpenAPI document marks with bearer security checks the
 * session before anything else. Without a valid login it answers 401 in the envelope — never 400,
 * 413 or 415 — whatever the path, query or body hold.
 */
const GARBAGE_BODIES: { name: string; payload: string; contentType: string }[] = [
  { name: 'broken JSON', payload: '{"code": 12, "purpose": [', contentType: 'application/json' },
  { name: 'JSON of the wrong shape', payload: '{"garbage":true,"code":null,"items":"x"}', contentType: 'application/json' },
  { name: 'plain text', payload: 'garbage', contentType: 'text/plain' },
  { name: 'a broken multipart body', payload: '--x\r\nnot a part', contentType: 'multipart/form-data; boundary=x' },
  { name: 'an oversized body', payload: `{"x":"${'a'.repeat(200_000)}"}`, contentType: 'application/json' },
];

describe.each(DIALECTS)('the session is checked before the body (issue #27 item 11) on %s', (dialect) => {
  let t: TestApp;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ops = (await readOperations(t.app)).filter((op) => op.bearer);
  });
  afterAll(async () => t.close());

  const url = (op: Operation) => `${op.path.replace(/\{[^}]+\}/g, 'no-such-id')}?limit=-1&cursor=%40%40&unknown=1`;

  it('answers 401 in the envelope for every authenticated operation without a valid login', async () => {
    expect(ops.length).toBeGreaterThan(20);
    expect(ops.map((op) => `${op.method} ${op.path}`)).toContain('POST /api/v8/moxa/sessions');
    const tokens: [Record<string, string>, string][] = [
      [{}, '请先登录'],
      [{ authorization: 'Bearer !' }, '请先登录'],
      [{ authorization: `Bearer ${'x'.repeat(43)}` }, '登录已失效，请重新登录'],
    ];
    for (const op of ops) {
      const bodies = op.method === 'GET' ? [null] : [null, ...GARBAGE_BODIES];
      for (const [headers, msg] of tokens) {
        for (const body of bodies) {
          const res = await t.app.inject({
            method: op.method,
            url: url(op),
            headers: body ? { ...headers, 'content-type': body.contentType } : headers,
            ...(body ? { payload: body.payload } : {}),
          });
          const what = `${op.method} ${op.path} ${headers.authorization ?? 'no token'} ${body?.name ?? 'no body'}`;
          expect(res.statusCode, what).toBe(401);
          expect(res.json(), what).toEqual({ code: 40100, msg, data: null });
          expect(res.headers['cache-control'], what).toBe('no-store');
        }
      }
    }
  });

  it('still validates the body of a logged-in caller', async () => {
    const { token } = await loginAs(t, '13800138601');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/moxa/sessions',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"garbage":true}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, data: null });
    expect((await t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });
});
