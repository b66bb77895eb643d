import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_ID, type Revision } from '@moxa/core/console/console-contract';
import type { GrantableRole } from '@moxa/core/login/roles';
import { buildApp } from '../app.ts';
import { sqliteQueue } from '../jobs/sqlite-queue.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { userRepository } from '../users/user-repository.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, fakeSms, type TestApp } from '../../test/support/test-app.ts';
import { consoleServices } from './console-services.ts';

type Who = { userId: string; headers: { authorization: string } };
const MINUTE = 60_000;

/**
 * Issue #29 "Done when", at the API: on the real content pipeline (the sources in the database, the core
 * checks, live content), an editor changes a product's price and description, a different reviewer
 * approves it for a minute later, and at that time both instances serve the new price; a condition
 * draft that prescribes a 禁灸 point or promises a cure is refused with the rule; a rollback restores
 * the old version; the audit trail has every step with the right people.
 */
describe.each(DIALECTS)('the console on the real content, %s (issue #29)', (dialect) => {
  let t: TestApp;
  let second: FastifyInstance;
  let queue: JobQueue;
  let sweep: () => Promise<void>;
  let editor: Who;
  let reviewer: Who;
  const data = <T = Revision>(res: { json: () => { data: unknown } }) => res.json().data as T;
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    if (method !== 'GET') t.clock.advance(1000);
    return t.app.inject({ method, url: `/api/v8/console${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  };
  const staffer = async (mobile: string, role: GrantableRole): Promise<Who> => {
    const { token, userId } = await loginAs(t, mobile, '10.29.1.1');
    await userRepository(t.db, Date.now).grant(userId, role);
    return { userId, headers: { authorization: `Bearer ${token}` } };
  };
  /** The product's price as an instance serves it, once it shows `want` (live content: within 5 s). */
  async function priceOn(app: FastifyInstance, want: number): Promise<number> {
    let price = NaN;
    for (let waited = 0; waited <= 6000; waited += 200) {
      price = (await app.inject({ url: '/api/v8/products/family-set' })).json().data.price as number;
      if (price === want) return price;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return price;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const quiet = new Writable({ write: (_chunk, _enc, cb) => cb() });
    second = await buildApp({
      env: t.app.ctx.env,
      db: t.db,
      sms: fakeSms(),
      clock: t.clock.now,
      serveWeb: false,
      wechat: null,
      logStream: quiet,
    });
    await second.ready();
    queue = sqliteQueue(t.db, { pollMs: 50 });
    ({ sweep } = await consoleServices(t.app.ctx).start(queue, { sweepMs: 3_600_000 }));
    editor = await staffer('13900293001', 'editor');
    reviewer = await staffer('13900293002', 'reviewer');
  }, 60_000);
  afterAll(async () => {
    await queue.stop();
    await second.close();
    await t.close();
  });

  it('opens an item of every editable kind with its source and form schema', { timeout: 120_000 }, async () => {
    const kinds = data<{ kind: string; editable: boolean; count: number }[]>(await call(editor, 'GET', '/kinds'));
    expect(kinds.filter((k) => k.editable).length).toBeGreaterThanOrEqual(10);
    for (const k of kinds.filter((k) => k.editable && k.count > 0)) {
      const items = data<{ id: string }[]>(await call(editor, 'GET', `/kinds/${k.kind}/items`));
      expect(items, k.kind).toHaveLength(k.count);
      // Every item can be named in the console's paths.
      expect(
        items.filter((it) => !ITEM_ID.test(it.id)),
        k.kind,
      ).toEqual([]);
      const res = await call(editor, 'GET', `/kinds/${k.kind}/items/${encodeURIComponent(items[0]!.id)}`);
      expect(res.statusCode, `${k.kind}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(data<{ source: { format: string } }>(res).source.format, k.kind).toMatch(/^(markdown|json)$/);
    }
  });

  it('publishes an edited price at the scheduled minute, on both instances', { timeout: 120_000 }, async () => {
    const item = data<{ source: { format: 'markdown'; fields: Record<string, unknown>; body: string }; schema: { properties: object } }>(
      await call(editor, 'GET', '/kinds/product/items/family-set'),
    );
    expect(item.source.fields.price).toBe(398);
    expect(item.schema.properties).toHaveProperty('price');
    const source = {
      ...item.source,
      fields: { ...item.source.fields, price: 428, summary: '六孔灸盒、两个随身灸盒、艾条和暖贴足贴一套配齐，全家可同时温养' },
    };
    const created = await call(editor, 'POST', '/revisions', { kind: 'product', itemId: 'family-set', source });
    expect(created.statusCode, created.body).toBe(200);
    const draft = data(created);
    expect(draft.findings.filter((f) => f.blocking)).toEqual([]);
    // The preview: the H5's reads carrying the token answer from the draft; everyone else still sees 398.
    const preview = data<{ token: string; paths: string[] }>(await call(reviewer, 'POST', `/revisions/${draft.id}/preview`));
    let previewed = NaN;
    for (let i = 0; i < 50 && previewed !== 428; i++) {
      const res = await t.app.inject({ url: '/api/v8/products/family-set', headers: { 'x-moxa-preview': preview.token } });
      previewed = res.json().data.price as number;
      if (previewed !== 428) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(previewed).toBe(428);
    expect((await t.app.inject({ url: '/api/v8/products/family-set' })).json().data.price).toBe(398);
    expect(data(await call(editor, 'POST', `/revisions/${draft.id}/submit`)).state).toBe('in_review');
    const publishAt = t.clock.now() + MINUTE;
    expect(data(await call(reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt })).state).toBe('approved');

    await sweep();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.app.inject({ url: '/api/v8/products/family-set' })).json().data.price).toBe(398);

    t.clock.set(publishAt);
    await sweep();
    let state = '';
    for (let i = 0; i < 300 && state !== 'published'; i++) {
      state = data(await call(reviewer, 'GET', `/revisions/${draft.id}`)).state;
      if (state !== 'published') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('published');
    expect(await priceOn(t.app, 428)).toBe(428);
    expect(await priceOn(second, 428)).toBe(428);
    expect((await t.app.inject({ url: '/api/v8/products/family-set' })).json().data.summary).toContain('全家可同时温养');
  });

  it('refuses a condition draft that prescribes a 禁灸 point or promises a cure, naming the rule', { timeout: 120_000 }, async () => {
    const item = data<{ source: { format: 'markdown'; fields: Record<string, unknown>; body: string } }>(
      await call(editor, 'GET', '/kinds/disease/items/insomnia'),
    );
    const fields = structuredClone(item.source.fields) as { summary: string; prescription: { points: { code: string }[] } };
    fields.prescription.points[0]!.code = 'CV1';
    fields.summary = `坚持艾灸可根治失眠。${fields.summary}`;
    const draft = data(
      await call(editor, 'POST', '/revisions', { kind: 'disease', itemId: 'insomnia', source: { ...item.source, fields } }),
    );
    expect(draft.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'forbidden-point', field: 'prescription.points.0.code', blocking: true }),
        expect.objectContaining({ rule: 'cure-promise', field: 'summary', blocking: true }),
      ]),
    );
    const res = await call(editor, 'POST', `/revisions/${draft.id}/submit`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/禁灸穴|根治/);
    expect(data(await call(editor, 'GET', `/revisions/${draft.id}`)).state).toBe('draft');
    await call(editor, 'POST', `/revisions/${draft.id}/withdraw`);
  });

  it('rolls back to the seed version through review, and the audit trail has every step', { timeout: 120_000 }, async () => {
    const versions = data<{ version: number }[]>(await call(editor, 'GET', '/kinds/product/items/family-set/versions'));
    expect(versions.map((v) => v.version)).toEqual([1, 0]);
    const draft = data(await call(editor, 'POST', '/kinds/product/items/family-set/versions/0/rollback'));
    expect(draft).toMatchObject({ rollbackOf: 0, basedOn: 1 });
    await call(editor, 'POST', `/revisions/${draft.id}/submit`);
    expect(data(await call(reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt: null }))).toMatchObject({
      state: 'published',
      version: 2,
    });
    expect(await priceOn(t.app, 398)).toBe(398);
    expect(await priceOn(second, 398)).toBe(398);

    const rank = (a: string) => ['content.create', 'content.rollback', 'content.submit', 'content.approve', 'content.publish'].indexOf(a);
    const trail = data<{ at: number; action: string; actor: { id: string } | null }[]>(
      await call(reviewer, 'GET', '/audit?subject=content:product/family-set'),
    )
      .sort((a, b) => a.at - b.at || rank(a.action) - rank(b.action))
      .map((e) => `${e.action} ${e.actor?.id === editor.userId ? 'editor' : e.actor?.id === reviewer.userId ? 'reviewer' : 'other'}`);
    expect(trail).toEqual([
      'content.create editor',
      'content.submit editor',
      'content.approve reviewer',
      'content.publish reviewer',
      'content.rollback editor',
      'content.submit editor',
      'content.approve reviewer',
      'content.publish reviewer',
    ]);
  });
});
