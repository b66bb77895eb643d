import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Revision } from '@moxa/core/console/console-contract';
import type { GrantableRole } from '@moxa/core/login/roles';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { consoleServices } from '../console/console-services.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { sqliteQueue } from '../jobs/sqlite-queue.ts';
import { userRepository } from '../users/user-repository.ts';

type Who = { userId: string; headers: { authorization: string } };

const REVIEW = {
  id: 'li-portable-box',
  product: 'portable-moxa-box',
  text: '盒子拿在手里不烫，晚上看电视时灸足三里很方便。',
  name: '李女士',
  rating: 5,
  source: { kind: 'order', orderNo: 'JD2026112012345' },
  date: '2026-11-20',
  consent: true,
};

/**
 * Issue #30 on the real content pipeline: an editor fills in the brand and adds the first real review
 * through the console, a reviewer publishes them, and the H5's answers carry them; a review without the
 * customer's consent is refused at submit with the reason on its field.
 */
describe.each(DIALECTS)('brand settings and reviews through the console on %s (issue #30)', (dialect) => {
  let t: TestApp;
  let queue: JobQueue;
  let editor: Who;
  let reviewer: Who;
  const data = <T = Revision>(res: { json: () => { data: unknown } }) => res.json().data as T;
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
    if (method !== 'GET') t.clock.advance(1000);
    return t.app.inject({ method, url: `/api/v8/console${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  };
  const staffer = async (mobile: string, role: GrantableRole): Promise<Who> => {
    const { token, userId } = await loginAs(t, mobile, '10.30.1.1');
    await userRepository(t.db, Date.now).grant(userId, role);
    return { userId, headers: { authorization: `Bearer ${token}` } };
  };
  /** What the H5 reads, once it satisfies `ok` (live content: within a few seconds of a publish). */
  async function served<T>(url: string, ok: (data: T) => boolean): Promise<T> {
    let last: T | undefined;
    for (let waited = 0; waited <= 6000; waited += 200) {
      last = (await t.app.inject({ url })).json().data as T;
      if (ok(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return last!;
  }
  async function publish(kind: string, itemId: string, source: object, isNew: boolean) {
    const created = await call(editor, 'POST', '/revisions', { kind, itemId, source, isNew });
    expect(created.statusCode, created.body).toBe(200);
    const draft = data(created);
    expect(draft.findings.filter((f) => f.blocking)).toEqual([]);
    expect(data(await call(editor, 'POST', `/revisions/${draft.id}/submit`)).state).toBe('in_review');
    expect(data(await call(reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt: null })).state).toBe('published');
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    queue = sqliteQueue(t.db, { pollMs: 50 });
    await consoleServices(t.app.ctx).start(queue, { sweepMs: 3_600_000 });
    editor = await staffer('13900300001', 'editor');
    reviewer = await staffer('13900300002', 'reviewer');
  }, 60_000);
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  it('lists 品牌设置 (one item) and 用户评价 (none yet, creatable) with their form schemas', async () => {
    const kinds = data<{ kind: string; label: string; count: number; creatable: boolean; editable: boolean }[]>(
      await call(editor, 'GET', '/kinds'),
    );
    expect(kinds).toContainEqual(expect.objectContaining({ kind: 'brand', label: '品牌设置', count: 1, creatable: false, editable: true }));
    expect(kinds).toContainEqual(expect.objectContaining({ kind: 'review', label: '用户评价', count: 0, creatable: true, editable: true }));
    const brand = data<{ schema: { properties: Record<string, unknown> }; paths: string[] }>(
      await call(editor, 'GET', '/kinds/brand/items/brand'),
    );
    expect(Object.keys(brand.schema.properties)).toEqual(expect.arrayContaining(['companyName', 'icpNumber', 'store', 'serviceWechatQr']));
    expect(brand.paths).toContain('/about');
  });

  it('refuses to submit a review without the customer’s consent, naming the field', { timeout: 60_000 }, async () => {
    const draft = data(
      await call(editor, 'POST', '/revisions', {
        kind: 'review',
        itemId: 'no-consent',
        isNew: true,
        source: { format: 'json', value: { ...REVIEW, id: 'no-consent', consent: false } },
      }),
    );
    expect(draft.findings).toContainEqual(
      expect.objectContaining({ field: 'consent', message: '没有顾客同意公开，不能发布这条评价', blocking: true }),
    );
    const res = await call(editor, 'POST', `/revisions/${draft.id}/submit`);
    expect(res.statusCode).toBe(400);
    expect(data(await call(editor, 'GET', `/revisions/${draft.id}`)).state).toBe('draft');
    await call(editor, 'POST', `/revisions/${draft.id}/withdraw`);
  });

  it('publishes the brand and the first review; the H5’s answers carry them', { timeout: 120_000 }, async () => {
    const item = data<{ source: { format: 'markdown'; fields: Record<string, unknown>; body: string } }>(
      await call(editor, 'GET', '/kinds/brand/items/brand'),
    );
    await publish(
      'brand',
      'brand',
      {
        ...item.source,
        fields: {
          ...item.source.fields,
          companyName: '杭州示例健康科技有限公司',
          icpNumber: '浙ICP备00000000号-1',
          store: { url: 'https://shop.example.com/' },
        },
      },
      false,
    );
    const brand = await served<{ companyName: string | null }>('/api/v8/brand', (b) => b.companyName !== null);
    expect(brand).toMatchObject({ companyName: '杭州示例健康科技有限公司', icpNumber: '浙ICP备00000000号-1' });
    expect((await t.app.inject({ url: '/api/v8/about' })).json().data).toMatchObject({ operatorName: '杭州示例健康科技有限公司' });

    await publish('review', REVIEW.id, { format: 'json', value: REVIEW }, true);
    const product = await served<{ reviews: unknown[]; store: unknown }>('/api/v8/products/portable-moxa-box', (p) => p.reviews.length > 0);
    expect(product.reviews).toEqual([
      { id: REVIEW.id, name: '李女士', text: REVIEW.text, rating: 5, source: '订单评价', date: '2026-11-20' },
    ]);
    // No product has a store of its own: 购买 takes the brand's default.
    expect(product.store).toEqual({ url: 'https://shop.example.com/' });
  });
});
