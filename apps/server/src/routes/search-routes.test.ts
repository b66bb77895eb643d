import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchAnswerSchema, type SearchAnswer } from '@moxa/core/search/search-contract';
import { SEARCH_EXAMPLES } from '@moxa/core/search/search-kinds';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

describe.each(DIALECTS)('search across kinds on %s (issue #14 §4)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  const search = async (query: string) => {
    const res = await t.app.inject({ url: `/api/v8/search?${query}` });
    const body = res.json();
    if (res.statusCode === 200) SearchAnswerSchema.parse(body.data);
    return { status: res.statusCode, body };
  };
  const group = (body: { data: SearchAnswer }, kind: string) => body.data.groups.find((g) => g.kind === kind)!;

  it('finds an acupoint by Chinese, initials, pinyin without tones and code, with its link and highlight', async () => {
    for (const q of ['足三里', 'zsl', 'zusanli', 'ST36']) {
      const { body } = await search(`type=acupoint&q=${encodeURIComponent(q)}`);
      expect(group(body, 'acupoint').items[0], q).toMatchObject({ id: 'ST36', title: '足三里', href: '/acupoint_detail/ST36' });
    }
    const { body } = await search(`type=acupoint&q=${encodeURIComponent('足三')}`);
    expect(group(body, 'acupoint').items[0]!.titleRanges).toEqual([[0, 2]]);
  });

  it('finds a condition by name, pinyin with or without tones, initials and alias, and says which alias matched', async () => {
    for (const q of ['失眠', 'shimian', 'shī mián', 'sm']) {
      const { body } = await search(`type=disease&q=${encodeURIComponent(q)}`);
      expect(group(body, 'disease').items[0], q).toMatchObject({ id: 'insomnia', href: '/disease_detail/insomnia' });
    }
    const { body } = await search(`type=disease&q=${encodeURIComponent('睡不着')}`);
    expect(group(body, 'disease').items[0]).toMatchObject({ id: 'insomnia', matched: { text: '睡不着' } });
  });

  it('finds something for every term the empty search screen offers to tap', async () => {
    const offered = Object.entries(SEARCH_EXAMPLES);
    expect(offered.length).toBeGreaterThan(0);
    for (const [type, terms] of offered)
      for (const q of terms!) {
        const { body } = await search(`type=${type}&q=${encodeURIComponent(q)}`);
        const groups = (body as { data: SearchAnswer }).data.groups;
        expect(type === 'all' ? groups.length : (group(body, type)?.total ?? 0), `${type}: ${q}`).toBeGreaterThan(0);
      }
  });

  it('groups type=all by kind, only kinds with matches, at most 5 each', async () => {
    const { body } = await search(`q=${encodeURIComponent('失眠')}`);
    const kinds = body.data.groups.map((g: { kind: string }) => g.kind);
    expect(kinds).toContain('disease');
    expect(kinds).toContain('acupoint');
    for (const g of body.data.groups) {
      expect(g.total).toBeGreaterThan(0);
      expect(g.items.length).toBeLessThanOrEqual(5);
    }
  });

  it('pages through one kind', async () => {
    const p1 = group((await search('type=acupoint&q=%E7%97%9B&size=5&page=1')).body, 'acupoint');
    const p2 = group((await search('type=acupoint&q=%E7%97%9B&size=5&page=2')).body, 'acupoint');
    expect(p1.total).toBeGreaterThan(10);
    expect(p2.total).toBe(p1.total);
    expect(p1.items).toHaveLength(5);
    expect(p2.items.map((i) => i.id).filter((id) => p1.items.some((i) => i.id === id))).toEqual([]);
  });

  it('answers an empty group for one kind with no match, and no groups at all for no match anywhere', async () => {
    expect((await search(`type=product&q=${encodeURIComponent('足三里穴')}`)).body.data.groups).toEqual([
      { kind: 'product', name: '产品', total: 0, items: [] },
    ]);
    expect((await search(`q=${encodeURIComponent('不存在的词语')}`)).body.data.groups).toEqual([]);
  });

  it('refuses a bad type, an empty query and a bad page with a Chinese message', async () => {
    expect(await search('type=shop&q=ai')).toMatchObject({ status: 400, body: { msg: '搜索类型不正确' } });
    expect(await search('q=%20')).toMatchObject({ status: 400, body: { msg: '请输入搜索内容' } });
    expect(await search('q=ai&page=0')).toMatchObject({ status: 400, body: { msg: '页码不正确' } });
  });

  it('finds a condition by the everyday words people use, before points that mention them (issue #26)', async () => {
    for (const q of ['颈椎病', '脖子疼', 'jingzhui', '晚上睡不着怎么办']) {
      const { body } = await search(`q=${encodeURIComponent(q)}`);
      expect(body.data.groups[0]?.kind, q).toBe('disease');
    }
  });

  it('counts searches that find nothing for editors, words only (issue #26)', async () => {
    const { token, userId } = await loginAs(t, '13900139077');
    await userRepository(t.db, Date.now).grant(userId, 'editor');
    for (let i = 0; i < 3; i++) await search(`q=${encodeURIComponent('艾草青团子')}`);
    await search(`type=disease&q=${encodeURIComponent('13812345678')}`);
    await search(`q=${encodeURIComponent('足三里')}`);
    let misses: { query: string; count: number }[] = [];
    for (let i = 0; i < 20 && !misses.some((m) => m.query === '艾草青团子' && m.count === 3); i++) {
      await new Promise((r) => setTimeout(r, 25));
      const res = await t.app.inject({ url: '/api/v8/admin/search-misses', headers: { authorization: `Bearer ${token}` } });
      misses = res.json().data;
    }
    expect(misses.find((m) => m.query === '艾草青团子')?.count).toBe(3);
    expect(misses.map((m) => m.query)).not.toContain('13812345678');
    expect(misses.map((m) => m.query)).not.toContain('足三里');
  });
});
