import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../support/test-app.ts';
import type { WechatApi } from '../../src/wechat/wechat-api.ts';
import { readOperations, type Operation } from '../support/openapi-operations.ts';
import { pct } from '../support/request-arbitrary.ts';
import { validValue } from '../support/schema-arbitrary.ts';

const fakeWechat: WechatApi = {
  openidForCode: async () => null,
  jsapiTicket: async () => ({ ticket: 'fake-ticket', expiresIn: 7200 }),
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

type Responses = Record<string, { content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, unknown> }>;
type Doc = {
  components: { schemas: Record<string, unknown> };
  paths: Record<
    string,
    Record<string, { responses: Responses; parameters?: { in: string }[]; requestBody?: unknown; security?: object[] }>
  >;
};

/**
 * Issue #27 item 14, on the app's own OpenAPI document: every operation lists the error statuses it
 * can answer, with the error envelope; a method a path does not support answers 405 with Allow; and
 * query parameters an operation does not declare are ignored, on every GET operation alike.
 */
describe.each(DIALECTS)('the API contract of every operation on %s (issue #27 item 14)', (dialect) => {
  let t: TestApp;
  let doc: Doc;
  let ops: Operation[];
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { wechat: fakeWechat });
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    ops = await readOperations(t.app);
    token = (await loginAs(t, '13900271400', '10.27.14.1')).token;
  });
  afterAll(async () => t.close());

  it('documents each operation’s error statuses with the one error envelope', () => {
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({ required: ['code', 'msg', 'data'] });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(op.responses).map(Number);
        const errors = statuses.filter((s) => s >= 400);
        const params = op.parameters ?? [];
        // What every route shares, and what its schema implies.
        const expected = new Set([503]);
        if (params.length > 0 || op.requestBody || method !== 'get') expected.add(400);
        if (method !== 'get') [413, 415].forEach((s) => expected.add(s));
        if ((op.security ?? []).length > 0) expected.add(401);
        if (params.some((p) => p.in === 'path')) expected.add(404);
        for (const s of expected) expect(errors, `${name} lists ${s}`).toContain(s);
        for (const s of errors) {
          expect([400, 401, 403, 404, 409, 410, 413, 415, 429, 502, 503], `${name} ${s}`).toContain(s);
          if (name === 'GET /api/health') continue; // its 503 carries the health report
          expect(op.responses[s]!.content?.['application/json']?.schema?.$ref, `${name} ${s}`).toBe(ENVELOPE_REF);
        }
        if (errors.includes(429)) expect(op.responses[429]!.headers, `${name} 429 Retry-After`).toHaveProperty('Retry-After');
      }
    }
    // Declared where the schema cannot tell: roles, consents, conflicts, limits, upstream services.
    const listed = (name: string) => {
      const [method, path] = name.split(' ') as [string, string];
      return Object.keys(doc.paths[path]![method.toLowerCase()]!.responses).map(Number);
    };
    expect(listed('POST /api/v8/sendMsg')).toEqual(expect.arrayContaining([429, 502]));
    expect(listed('GET /api/v8/login')).toContain(429);
    expect(listed('GET /api/v8/admin/users')).toContain(403);
    expect(listed('POST /aysdmp/wechat/bind.do')).toEqual(expect.arrayContaining([409, 429]));
    expect(listed('GET /api/v8/wechat/jssdk-config')).toEqual(expect.arrayContaining([400, 429, 503]));
    expect(listed('GET /api/v8/products')).toContain(404);
    expect(listed('GET /api/v8/countries')).toEqual([200, 503]);
  });

  it('answers 405 with Allow, in the envelope, for a method a path does not support', async () => {
    let checked = 0;
    // The methods of every documented path a URL matches: /moxa/sessions/import is also /moxa/sessions/{id}.
    const matching = (url: string) =>
      Object.entries(doc.paths)
        .filter(([path]) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url))
        .flatMap(([, item]) => METHODS.filter((m) => item[m.toLowerCase()]));
    for (const path of Object.keys(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const allowed = [...new Set(matching(url))];
      const expectedAllow = allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.json()).toEqual({ code: 40500, msg: '不支持的请求方法', data: null });
        expect(res.headers.allow?.toString().split(', ').sort(), `${method} ${url}`).toEqual([...expectedAllow].sort());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // A path that does not exist is still 404, under any method.
    for (const method of METHODS) {
      const res = await t.app.inject({ method, url: '/api/v8/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(40400);
    }
  });

  it('ignores query parameters an operation does not declare, on every GET operation alike', async () => {
    const gets = ops.filter((o) => o.method === 'GET');
    expect(gets.length).toBeGreaterThan(30);
    const sample = (schema: Parameters<typeof validValue>[0]) => {
      const v = fc.sample(validValue(schema), { seed: 27, numRuns: 1 })[0];
      return typeof v === 'string' ? v : JSON.stringify(v);
    };
    // A real id where a list names one, so most detail routes answer 200 rather than 404.
    const realId = async (op: Operation): Promise<string | null> => {
      const parent = op.path.replace(/\/\{[^}]+\}.*$/, '');
      const res = await t.app.inject({ url: parent, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) return null;
      const data = res.json().data as { items?: { id?: string }[] } | { id?: string }[];
      const first = Array.isArray(data) ? data[0] : data?.items?.[0];
      return typeof first?.id === 'string' ? first.id : null;
    };
    const answered = new Map<number, number>();
    for (const op of gets) {
      let path = op.path;
      for (const p of op.pathParams) path = path.replace(`{${p.name}}`, pct((await realId(op)) ?? sample(p.schema)));
      const declared = op.query.filter((q) => q.required).map((q) => `${pct(q.name)}=${pct(sample(q.schema))}`);
      const names = new Set(op.query.map((q) => q.name));
      const unknown = [
        'x=1',
        'utm_source=wechat',
        'from=singlemessage',
        'isappinstalled=0',
        '__proto__=1',
        'constructor=x',
        '_=1700000000000',
        'q%5B%24ne%5D=1',
      ]
        .filter((kv) => !names.has(decodeURIComponent(kv.split('=')[0]!)))
        .join('&');
      const plain = declared.length > 0 ? `${path}?${declared.join('&')}` : path;
      const extra = `${plain}${declared.length > 0 ? '&' : '?'}${unknown}`;
      const headers = op.bearer ? { authorization: `Bearer ${token}` } : {};
      const a = await t.app.inject({ url: plain, headers, remoteAddress: '10.27.14.2' });
      const b = await t.app.inject({ url: extra, headers, remoteAddress: '10.27.14.2' });
      const name = `GET ${op.path}`;
      expect(b.statusCode, `${name}: ${extra}`).toBe(a.statusCode);
      if (a.headers['content-type']?.toString().startsWith('application/json')) {
        // Signed or freshly issued answers differ every time; everything else is the same answer.
        const volatile = ['GET /api/v8/wechat/jssdk-config', 'GET /api/health'].includes(name);
        if (volatile) expect(b.json().code, name).toBe(a.json().code);
        else expect(b.json(), `${name}: ${extra}`).toEqual(a.json());
      }
      answered.set(a.statusCode, (answered.get(a.statusCode) ?? 0) + 1);
    }
    // Most of them answered with data, so the unknown parameters met the handlers, not only validation.
    expect(answered.get(200) ?? 0).toBeGreaterThan(gets.length / 2);
  });
});
