import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAVORITES, MAX_HISTORY } from '@moxa/core/mine/saved-kinds';
import { countUserRows } from '../../test/support/row-counts.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/** Issue #18: favourites and browsing history of an account, on both databases. */
describe.each(DIALECTS)('favourites and history on %s (issue #18)', (dialect) => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await loginAs(t, '13900139801');
    bob = await loginAs(t, '13900139802');
  });
  afterAll(async () => t.close());
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token = alice.token, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (what: 'favorites' | 'history', token = alice.token) =>
    (await call('GET', `/api/v8/me/${what}`, token)).json().data as { kind: string; id: string; title: string; at: number }[];

  it('favourites content by kind and id, with the title from the content, idempotently, and removes it', async () => {
    const put = await call('PUT', '/api/v8/me/favorites/acupoint/st36');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers['cache-control']).toBe('no-store');
    expect(put.json().data).toMatchObject({ kind: 'acupoint', id: 'ST36', title: '足三里' });
    const first = put.json().data.at as number;
    t.clock.advance(1000);
    expect((await call('PUT', '/api/v8/me/favorites/acupoint/ST36')).json().data.at).toBe(first);
    t.clock.advance(1000);
    expect((await call('PUT', '/api/v8/me/favorites/disease/insomnia')).statusCode).toBe(200);
    for (const [kind, id] of [
      ['notice', 'mild-moxa'],
      ['problem', 'beginner-kit'],
      ['product', 'portable-moxa-box'],
      ['video', 'find-zusanli'],
    ]) {
      t.clock.advance(1000);
      expect((await call('PUT', `/api/v8/me/favorites/${kind}/${id}`)).statusCode).toBe(200);
    }
    const items = await list('favorites');
    expect(items.map((i) => `${i.kind}:${i.id}`).slice(-2)).toEqual(['disease:insomnia', 'acupoint:ST36']);
    expect(items).toHaveLength(6);
    expect(await list('favorites', bob.token)).toEqual([]);

    const del = await call('DELETE', '/api/v8/me/favorites/acupoint/ST36');
    expect(del.json().data).toEqual({ removed: 1 });
    expect((await call('DELETE', '/api/v8/me/favorites/acupoint/ST36')).json().data).toEqual({ removed: 0 });
    expect((await list('favorites')).some((i) => i.id === 'ST36')).toBe(false);
  });

  it('refuses unknown kinds, ids and content with a Chinese message, writing nothing', async () => {
    const before = await countUserRows(t.db);
    for (const [url, status, msg] of [
      ['/api/v8/me/favorites/recipe/ST36', 400, '内容类型不正确'],
      ['/api/v8/me/favorites/acupoint/..%2Fetc', 400, '内容编号不正确'],
      ['/api/v8/me/favorites/acupoint/ZZ99', 404, '没有找到这条内容，可能已经下架'],
      ['/api/v8/me/history/disease/no-such-condition', 404, '没有找到这条内容，可能已经下架'],
    ] as const) {
      const res = await call('PUT', url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
    const bad = await call('POST', '/api/v8/me/favorites/merge', alice.token, { items: [{ kind: 'acupoint', id: 'ST36', at: -5 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('时间不正确');
    const tooMany = await call('POST', '/api/v8/me/history/merge', alice.token, {
      items: Array.from({ length: MAX_HISTORY + 1 }, () => ({ kind: 'acupoint', id: 'ST36', at: 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe(`一次最多合并 ${MAX_HISTORY} 条浏览记录`);
    expect(await countUserRows(t.db)).toEqual(before);
  });

  it('records views, moving a repeat view to the top, keeping the newest 100, deleting one and all', async () => {
    for (const id of ['ST36', 'LI4', 'SP6']) {
      t.clock.advance(1000);
      expect((await call('PUT', `/api/v8/me/history/acupoint/${id}`)).statusCode).toBe(200);
    }
    t.clock.advance(1000);
    await call('PUT', '/api/v8/me/history/acupoint/ST36');
    expect((await list('history')).map((i) => i.id)).toEqual(['ST36', 'SP6', 'LI4']);

    const points = (await t.app.inject({ url: '/api/v8/acupoints' })).json().data as { code: string }[];
    for (const p of points.slice(0, MAX_HISTORY + 5)) {
      t.clock.advance(10);
      await call('PUT', `/api/v8/me/history/acupoint/${p.code}`);
    }
    const rows = await t.db.selectFrom('view_history').select('item_id').where('user_id', '=', alice.userId).execute();
    expect(rows).toHaveLength(MAX_HISTORY);
    expect((await list('history'))[0]!.id).toBe(points[MAX_HISTORY + 4]!.code);

    expect((await call('DELETE', `/api/v8/me/history/acupoint/${points[MAX_HISTORY + 4]!.code}`)).json().data).toEqual({ removed: 1 });
    await call('PUT', '/api/v8/me/history/video/find-zusanli', bob.token);
    expect((await call('DELETE', '/api/v8/me/history')).json().data).toEqual({ removed: MAX_HISTORY - 1 });
    // The rows are gone, not hidden; Bob's are untouched.
    expect(await t.db.selectFrom('view_history').select('item_id').where('user_id', '=', alice.userId).execute()).toEqual([]);
    expect(await list('history', bob.token)).toHaveLength(1);
  });

  it('merges the device’s items once: repeating the merge changes nothing; gone content is skipped', async () => {
    const carol = await loginAs(t, '13900139803');
    await call('PUT', '/api/v8/me/favorites/acupoint/LI4', carol.token);
    const now = t.clock.now();
    const favs = {
      items: [
        { kind: 'acupoint', id: 'li4', at: now - 5000 },
        { kind: 'disease', id: 'insomnia', at: now - 4000 },
        { kind: 'video', id: 'no-longer-here', at: now - 3000 },
        { kind: 'acupoint', id: 'ST36', at: now + 99_999_999 },
      ],
    };
    const first = await call('POST', '/api/v8/me/favorites/merge', carol.token, favs);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ added: 2, skipped: 1 });
    expect(
      first
        .json()
        .data.items.map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual(['LI4', 'ST36', 'insomnia']);
    // A time from the future is taken as now.
    expect(first.json().data.items.find((i: { id: string }) => i.id === 'ST36').at).toBe(now);
    const again = await call('POST', '/api/v8/me/favorites/merge', carol.token, favs);
    expect(again.json().data).toMatchObject({ added: 0, skipped: 1, items: first.json().data.items });

    const hist = {
      items: [
        { kind: 'notice', id: 'mild-moxa', at: now - 1000 },
        { kind: 'acupoint', id: 'SP6', at: now - 2000 },
      ],
    };
    const h1 = await call('POST', '/api/v8/me/history/merge', carol.token, hist);
    expect(h1.json().data).toMatchObject({ added: 2, skipped: 0 });
    expect(h1.json().data.items.map((i: { id: string }) => i.id)).toEqual(['mild-moxa', 'SP6']);
    const h2 = await call('POST', '/api/v8/me/history/merge', carol.token, hist);
    expect(h2.json().data).toEqual({ ...h1.json().data, added: 0 });
  });

  it('caps favourites at MAX_FAVORITES, one by one and in a merge, writing nothing beyond it', async () => {
    const dave = await loginAs(t, '13900139804');
    const points = ((await t.app.inject({ url: '/api/v8/acupoints' })).json().data as { code: string }[]).map((p) => p.code);
    const merged = await call('POST', '/api/v8/me/favorites/merge', dave.token, {
      items: points.slice(0, 400).map((id, i) => ({ kind: 'acupoint', id, at: i })),
    });
    expect(merged.json().data).toMatchObject({ added: 400, skipped: 0 });
    // Up to the cap with rows of an older content kind name, as if the account had kept them for years.
    await t.db
      .insertInto('favorites')
      .values(
        Array.from({ length: MAX_FAVORITES - 401 }, (_, i) => ({
          user_id: dave.userId,
          kind: 'video',
          item_id: `old-${i}`,
          title: '旧视频',
          created_at: 1,
        })),
      )
      .execute();
    expect((await call('PUT', '/api/v8/me/favorites/disease/insomnia', dave.token)).statusCode).toBe(200);
    const before = await countUserRows(t.db);
    const refused = await call('PUT', '/api/v8/me/favorites/disease/anxiety', dave.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`收藏已达 ${MAX_FAVORITES} 条上限，请先在“我的收藏”里删除一些`);
    // Favouriting what is already kept still answers 200.
    expect((await call('PUT', '/api/v8/me/favorites/disease/insomnia', dave.token)).statusCode).toBe(200);
    const rest = await call('POST', '/api/v8/me/favorites/merge', dave.token, {
      items: points.slice(400).map((id, i) => ({ kind: 'acupoint', id, at: 1000 + i })),
    });
    expect(rest.json().data).toMatchObject({ added: 0, skipped: points.length - 400 });
    expect(await countUserRows(t.db)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v8/me/favorites'],
      ['PUT', '/api/v8/me/favorites/acupoint/ST36'],
      ['DELETE', '/api/v8/me/history'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('请先登录');
    }
  });
});
