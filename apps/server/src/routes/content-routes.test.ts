import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiseaseDetailSchema, DiseaseGroupSummarySchema } from '@moxa/core/diseases/disease-contract';
import { NoticeTypeSummarySchema } from '@moxa/core/notices/notice-contract';
import { ProblemTopicSummarySchema } from '@moxa/core/problems/problem-contract';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/** Issue #15 API on both databases: conditions, notices and Q&A, with paging and Chinese 404s. */
describe.each(DIALECTS)('condition, notice and Q&A API on %s (issue #15)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const SLEEP = '1653d718-bab3-4619-b1a0-9dea5bb08b49';

  it('lists the condition groups with their counts, which add up to every condition', async () => {
    const { body } = await get('/api/v8/diseases/types');
    const groups = body.data.map((g: unknown) => DiseaseGroupSummarySchema.parse(g));
    expect(groups.length).toBeGreaterThanOrEqual(8);
    const all = await get('/api/v8/diseases?size=100');
    expect(groups.reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(all.body.data.total);
    expect(groups.find((g: { id: string }) => g.id === SLEEP)).toMatchObject({ name: '睡眠情志' });
  });

  it("lists a group's conditions with paging", async () => {
    const { body } = await get(`/api/v8/diseases?type=${SLEEP}&size=1`);
    expect(body.data).toMatchObject({ page: 1, size: 1 });
    expect(body.data.items[0]).toMatchObject({ id: 'insomnia', name: '失眠', group: SLEEP });
    expect(body.data.items[0].summary.length).toBeGreaterThan(4);
  });

  it('answers a condition with its prescription points resolved to real acupoints', async () => {
    const { body } = await get('/api/v8/diseases/insomnia');
    const d = DiseaseDetailSchema.parse(body.data);
    expect(d.groupName).toBe('睡眠情志');
    expect(d.prescription.points[0]).toMatchObject({ code: 'GV20', name: '百会', level: 'suitable' });
    expect(JSON.stringify(d.body)).toContain('/acupoint_detail/HT7');
    expect(d.redFlags.every((f) => /就医|医院|急诊|120|医生/.test(f))).toBe(true);
  });

  it('lists the conditions whose prescriptions use an acupoint, by any spelling of its code', async () => {
    for (const code of ['HT7', 'ht7']) {
      const { body } = await get(`/api/v8/diseases?acupoint=${code}`);
      expect(body.data.items.map((d: { id: string }) => d.id)).toContain('insomnia');
    }
    expect((await get('/api/v8/diseases?acupoint=LU1')).body.data.items.map((d: { id: string }) => d.id)).not.toContain('insomnia');
  });

  it('lists notice types and Q&A topics with counts', async () => {
    const types = (await get('/api/v8/notices/types')).body.data.map((x: unknown) => NoticeTypeSummarySchema.parse(x));
    expect(types.length).toBeGreaterThanOrEqual(5);
    const topics = (await get('/api/v8/problems/topics')).body.data.map((x: unknown) => ProblemTopicSummarySchema.parse(x));
    expect(topics.length).toBeGreaterThanOrEqual(5);
    const all = (await get('/api/v8/problems?size=100')).body.data;
    expect(topics.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(all.total);
  });

  it('answers unknown ids and groups with 404 and a Chinese message', async () => {
    expect(await get('/api/v8/diseases/no-such-thing')).toMatchObject({ status: 404, body: { msg: '没有找到这个病症的艾灸方法' } });
    expect(await get('/api/v8/diseases?type=00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { msg: '没有找到这个分类' },
    });
    expect(await get('/api/v8/notices/no-such-thing')).toMatchObject({ status: 404, body: { msg: '没有找到这篇文章' } });
    expect(await get('/api/v8/notices?type=nope')).toMatchObject({ status: 404, body: { msg: '没有找到这个分类' } });
    expect(await get('/api/v8/problems/no-such-thing')).toMatchObject({ status: 404, body: { msg: '没有找到这个问题' } });
    expect(await get('/api/v8/problems?topic=nope')).toMatchObject({ status: 404, body: { msg: '没有找到这个分类' } });
    expect(await get('/api/v8/diseases?type=abc')).toMatchObject({ status: 404, body: { msg: '没有找到这个分类' } });
    expect(await get('/api/v8/diseases?page=0')).toMatchObject({ status: 400, body: { msg: '页码不正确' } });
  });

  it('serves content answers cacheably, and 304 on a matching ETag', async () => {
    const first = await get('/api/v8/diseases/insomnia');
    expect(first.headers['cache-control']).toContain('public');
    const again = await t.app.inject({ url: '/api/v8/diseases/insomnia', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
