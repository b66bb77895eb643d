import { LOGIN_INFO_KEY } from '@moxa/core/login/constants';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleApiError, createApi } from './api.ts';
import { consoleDataProvider, customPath, filtersToQuery, listOf } from './data-provider.ts';

type Call = { method: string; url: string; auth: string | null; body: unknown };

/** A fake server answering envelopes; records each call. */
function fakeServer(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: URL | RequestInfo, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      method: init?.method ?? 'GET',
      url: String(input).replace('http://console.test', ''),
      auth: headers.get('authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  const store = new Map<string, string>([
    [LOGIN_INFO_KEY, JSON.stringify({ token: 'tok-1', user: { id: 'u1', name: '编辑甲', avatarUrl: '' } })],
  ]);
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  const onUnauthorized = vi.fn();
  const api = createApi({ fetch: fetch as typeof globalThis.fetch, storage, origin: 'http://console.test', onUnauthorized });
  return { calls, api, provider: consoleDataProvider(api), onUnauthorized, store };
}

const ok = (data: unknown) => ({ body: { code: 0, msg: 'ok', data } });

describe('console data provider (issue #29)', () => {
  it('lists kinds keyed by their name, with the bearer token of the H5 login (keyLoginInfo)', async () => {
    const s = fakeServer(() => ok([{ kind: 'products', label: '产品', count: 3, editable: true, creatable: true, note: null }]));
    const res = await s.provider.getList({ resource: 'kinds' });
    expect(res).toEqual({ data: [expect.objectContaining({ id: 'products', kind: 'products' })], total: 1 });
    expect(s.calls[0]).toMatchObject({ method: 'GET', url: '/api/v8/console/kinds', auth: 'Bearer tok-1' });
  });

  it('puts a kind’s items and an item’s versions under their paths, ids encoded', async () => {
    const s = fakeServer((c) =>
      ok(c.url.includes('/versions/') ? { version: 2, source: {} } : c.url.endsWith('/versions') ? [{ version: 2 }, { version: 1 }] : []),
    );
    await s.provider.getList({ resource: 'items', meta: { kind: 'products' } });
    const versions = await s.provider.getList({ resource: 'versions', meta: { kind: 'products', itemId: 'a b' } });
    const one = await s.provider.getOne({ resource: 'versions', id: 2, meta: { kind: 'products', itemId: 'a b' } });
    expect(s.calls.map((c) => c.url)).toEqual([
      '/api/v8/console/kinds/products/items',
      '/api/v8/console/kinds/products/items/a%20b/versions',
      '/api/v8/console/kinds/products/items/a%20b/versions/2',
    ]);
    expect(versions.data.map((v) => v.id)).toEqual([2, 1]);
    expect(one.data.id).toBe(2);
  });

  it('sends equality filters as query parameters and skips empty ones', async () => {
    const s = fakeServer(() => ok({ revisions: [{ id: 'r1' }] }));
    const res = await s.provider.getList({
      resource: 'revisions',
      filters: [
        { field: 'state', operator: 'eq', value: 'in_review' },
        { field: 'kind', operator: 'eq', value: '' },
        { field: 'mine', operator: 'eq', value: true },
      ],
    });
    expect(s.calls[0]!.url).toBe('/api/v8/console/revisions?state=in_review&mine=true');
    expect(res.data).toEqual([{ id: 'r1' }]);
    expect(() => filtersToQuery([{ field: 'title', operator: 'contains', value: 'x' }])).toThrow(/不支持的操作/);
  });

  it('creates and saves drafts, and sets staff roles, with the right verbs', async () => {
    const s = fakeServer((c) => ok({ id: 'r1', echo: c.body }));
    const source = { format: 'json', value: { price: 199 } };
    await s.provider.create({ resource: 'revisions', variables: { kind: 'products', itemId: 'p1', isNew: false, source } });
    await s.provider.update({ resource: 'revisions', id: 'r1', variables: { source } });
    await s.provider.update({ resource: 'staff', id: 'u9', variables: { roles: ['reviewer'] } });
    await s.provider.create({ resource: 'staff', variables: { mobile: '13800138000', roles: ['editor'] } });
    expect(s.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v8/console/revisions',
      'PUT /api/v8/console/revisions/r1',
      'PUT /api/v8/console/staff/u9/roles',
      'POST /api/v8/console/staff',
    ]);
    expect(s.calls[0]!.body).toEqual({ kind: 'products', itemId: 'p1', isNew: false, source });
    await expect(s.provider.deleteOne({ resource: 'revisions', id: 'r1' })).rejects.toThrow('不支持的操作：删除 revisions');
    await expect(s.provider.create({ resource: 'audit', variables: {} })).rejects.toBeInstanceOf(ConsoleApiError);
  });

  it('runs custom calls only under /api/v8/console', async () => {
    const s = fakeServer(() => ok({ id: 'r1', state: 'in_review' }));
    const res = await s.provider.custom!({ url: '/api/v8/console/revisions/r1/submit', method: 'post' });
    expect(res.data).toEqual({ id: 'r1', state: 'in_review' });
    expect(s.calls[0]).toMatchObject({ method: 'POST', url: '/api/v8/console/revisions/r1/submit', body: {} });
    expect(customPath('check')).toBe('/api/v8/console/check');
    expect(() => customPath('/api/v8/me')).toThrow(/不支持的操作/);
    expect(() => customPath('/api/v8/console-evil/x')).toThrow(/不支持的操作/);
  });

  it('turns an error envelope into a Chinese message with its status', async () => {
    const s = fakeServer(() => ({ status: 409, body: { code: 40900, msg: '这个条目已有进行中的修改', data: null } }));
    const err = await s.provider.create({ resource: 'revisions', variables: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConsoleApiError);
    expect(err).toMatchObject({ statusCode: 409, code: 40900, message: '这个条目已有进行中的修改' });
    expect(s.onUnauthorized).not.toHaveBeenCalled();
  });

  it('asks for a fresh login on a console 401 (12 h / 30 min rule), not on the login call', async () => {
    const s = fakeServer((c) => ({
      status: 401,
      body: { code: 40100, msg: c.url.startsWith('/api/v8/console') ? '请重新验证手机号' : '验证码错误', data: null },
    }));
    await expect(s.provider.getList({ resource: 'kinds' })).rejects.toMatchObject({ statusCode: 401, message: '请重新验证手机号' });
    expect(s.onUnauthorized).toHaveBeenCalledWith('请重新验证手机号');
    await expect(s.api.get('/api/v8/login', { code: '000000' })).rejects.toMatchObject({ statusCode: 401 });
    expect(s.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server and a malformed answer plainly', async () => {
    const api = createApi({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      storage: null,
      origin: 'http://console.test',
    });
    await expect(consoleDataProvider(api).getList({ resource: 'kinds' })).rejects.toMatchObject({
      statusCode: 0,
      message: '网络不给力，请检查网络后重试',
    });
    expect(() => listOf({ a: [], b: [] })).toThrow('服务器的回答格式不对');
    expect(() => listOf('x')).toThrow('服务器的回答格式不对');
  });

  it('sends no Authorization header when logged out or the stored info is unreadable', async () => {
    const s = fakeServer(() => ok([]));
    s.store.set(LOGIN_INFO_KEY, '{not json');
    await s.provider.getList({ resource: 'staff' });
    s.store.set(LOGIN_INFO_KEY, '');
    await s.provider.getList({ resource: 'audit', filters: [{ field: 'actor', operator: 'eq', value: '编辑甲' }] });
    expect(s.calls.map((c) => c.auth)).toEqual([null, null]);
    expect(s.calls[1]!.url).toBe(`/api/v8/console/audit?actor=${encodeURIComponent('编辑甲')}`);
  });
});
