import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

describe.each(DIALECTS)('acupoint API on %s (issue #4)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it('lists the 14 meridians with their point counts', async () => {
    const { body } = await get('/api/v8/meridians');
    expect(body.data.map((m: { code: string; pointCount: number }) => `${m.code}${m.pointCount}`)).toEqual([
      'LU11',
      'LI20',
      'ST45',
      'SP21',
      'HT9',
      'SI19',
      'BL67',
      'KI27',
      'PC9',
      'TE23',
      'GB44',
      'LR14',
      'GV29',
      'CV24',
    ]);
  });

  it('answers a meridian by code or Chinese alias with its ordered points', async () => {
    const te = await get('/api/v8/meridians/sj');
    expect(te.body.data.code).toBe('TE');
    expect(te.body.data.points).toHaveLength(23);
    expect(te.body.data.points[4].code).toBe('TE5');
    expect((await get('/api/v8/meridians/DU')).body.data.points.at(-1)).toMatchObject({ code: 'GV29', name: '印堂' });
    const missing = await get('/api/v8/meridians/XX');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 40400, msg: '没有找到这条经脉', data: null });
  });

  it('lists every point when no filter is given, and filters by meridian, region and common', async () => {
    const all = (await get('/api/v8/acupoints')).body.data;
    expect(all.length).toBeGreaterThanOrEqual(402);
    expect(all.filter((p: { meridian: string }) => p.meridian !== 'EX')).toHaveLength(362);
    expect((await get('/api/v8/acupoints?meridian=rn')).body.data).toHaveLength(24);
    const legs = (await get('/api/v8/acupoints?region=lower_limb')).body.data;
    expect(legs.every((p: { region: string }) => p.region === 'lower_limb')).toBe(true);
    const common = (await get('/api/v8/acupoints?common=1')).body.data.map((p: { code: string }) => p.code);
    expect(common).toEqual(expect.arrayContaining(['ST36', 'CV4', 'CV6']));
    const bad = await get('/api/v8/acupoints?meridian=ZZ');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('经络参数不正确');
  });

  it('searches by initials, code, alias, pinyin and indication', async () => {
    const q = async (s: string) =>
      (await get(`/api/v8/acupoints?q=${encodeURIComponent(s)}`)).body.data.map((p: { code: string }) => p.code);
    expect((await q('zsl'))[0]).toBe('ST36');
    expect((await q('ST36'))[0]).toBe('ST36');
    expect((await q('SJ5'))[0]).toBe('TE5');
    expect((await q('zusanli'))[0]).toBe('ST36');
    expect((await q('足三里'))[0]).toBe('ST36');
    expect(await q('失眠')).toEqual(expect.arrayContaining(['HT7']));
    expect(await q('qqqqqq')).toEqual([]);
  });

  it('answers a point by code, any case, or alias, with everything the detail page shows', async () => {
    const { body, headers } = await get('/api/v8/acupoints/st36');
    expect(headers['cache-control']).toContain('max-age');
    expect(body.data).toMatchObject({ code: 'ST36', name: '足三里', meridian: 'ST', meridianName: '足阳明胃经' });
    expect(body.data.location).toMatch(/寸/);
    expect(body.data.chart).toMatchObject({ view: expect.any(String), x: expect.any(Number), y: expect.any(Number) });
    expect(body.data.neighbours.prev.code).toBe('ST35');
    expect(body.data.neighbours.next.code).toBe('ST37');
    expect((await get('/api/v8/acupoints/SJ5')).body.data.code).toBe('TE5');
    expect((await get('/api/v8/acupoints/EX-B2')).body.data.name).toBe('夹脊');
    expect((await get('/api/v8/acupoints/NOPE1')).status).toBe(404);
  });

  it('serves the chart views and their SVG figures', async () => {
    const views = (await get('/api/v8/charts')).body.data;
    expect(views.length).toBeGreaterThan(0);
    const svg = await t.app.inject({ url: `/media/charts/${views[0].id}.svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
  });
});
