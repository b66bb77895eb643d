import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_FRESH_LOGIN_MS, type Revision } from '@moxa/core/console/console-contract';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';
import { MSG_IDLE, MSG_LOGIN_TOO_OLD, MSG_SMS_NEEDED, consoleServices, setContentBackend } from '../console/console-services.ts';
import { memoryBackend, type MemoryBackend } from '../console/testing/memory-backend.ts';
import { sqliteQueue } from '../jobs/sqlite-queue.ts';
import type { GrantableRole } from '@moxa/core/login/roles';

type Who = { token: string; userId: string; headers: { authorization: string } };
const MINUTE = 60_000;

async function staffer(t: TestApp, mobile: string, ...roles: GrantableRole[]): Promise<Who> {
  const { token, userId } = await loginAs(t, mobile, '10.29.0.1');
  for (const role of roles) await userRepository(t.db, Date.now).grant(userId, role);
  return { token, userId, headers: { authorization: `Bearer ${token}` } };
}

/** A console request; each change happens a second after the one before, so the audit trail's order is the steps'. */
function call(t: TestApp, who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  if (method !== 'GET') t.clock.advance(1000);
  return t.app.inject({
    method,
    url: `/api/v8/console${url}`,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe.each(DIALECTS)('console sessions on %s (issue #29)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    setContentBackend(t.app.ctx, memoryBackend());
  });
  afterAll(async () => t.close());

  it('admits staff with a fresh SMS login, and says until when', async () => {
    const loggedInAt = t.clock.now();
    const editor = await staffer(t, '13900290001', 'editor');
    const res = await call(t, editor, 'GET', '/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: editor.userId,
      roles: ['user', 'editor'],
      freshUntil: loggedInAt + CONSOLE_FRESH_LOGIN_MS,
    });
  });

  it('refuses people without a staff role (403), and advisors', async () => {
    const user = await staffer(t, '13900290002');
    const advisor = await staffer(t, '13900290003', 'advisor');
    for (const who of [user, advisor]) {
      const res = await call(t, who, 'GET', '/kinds');
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('没有权限访问此内容');
    }
    expect((await call(t, null, 'GET', '/kinds')).statusCode).toBe(401);
  });

  it('ends a console session idle for 30 minutes, while the H5 session lives on', async () => {
    const editor = await staffer(t, '13900290004', 'reviewer');
    expect((await call(t, editor, 'GET', '/kinds')).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await call(t, editor, 'GET', '/kinds')).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    const res = await call(t, editor, 'GET', '/kinds');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(MSG_IDLE);
    // Still refused afterwards (a refusal is no activity), and the app itself is still logged in.
    expect((await call(t, editor, 'GET', '/me')).json().msg).toBe(MSG_IDLE);
    expect((await t.app.inject({ url: '/api/v8/me', headers: editor.headers })).statusCode).toBe(200);
    // A new SMS login opens the console again.
    const again = await staffer(t, '13900290004');
    expect((await call(t, again, 'GET', '/kinds')).statusCode).toBe(200);
  });

  it('needs a new SMS code 12 hours after the login, however busy the session', async () => {
    const loggedInAt = t.clock.now();
    const editor = await staffer(t, '13900290005', 'editor');
    while (t.clock.now() + 20 * MINUTE < loggedInAt + CONSOLE_FRESH_LOGIN_MS) {
      t.clock.advance(20 * MINUTE);
      expect((await call(t, editor, 'GET', '/kinds')).statusCode).toBe(200);
    }
    t.clock.set(loggedInAt + CONSOLE_FRESH_LOGIN_MS);
    const res = await call(t, editor, 'GET', '/kinds');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(MSG_LOGIN_TOO_OLD);
  });

  it('refuses a session that no SMS code opened (WeChat login)', async () => {
    const editor = await staffer(t, '13900290006', 'editor');
    const wechatToken = await t.app.ctx.sessions.issue(editor.userId);
    const res = await call(t, { ...editor, headers: { authorization: `Bearer ${wechatToken}` } }, 'GET', '/kinds');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(MSG_SMS_NEEDED);
  });
});

describe.each(DIALECTS)('the editorial workflow on %s (issue #29)', (dialect) => {
  let t: TestApp;
  let backend: MemoryBackend;
  let editor: Who;
  let reviewer: Who;
  let both: Who;
  let admin: Who;
  let sweep: () => Promise<void>;
  const lamp = (price: number, name = '艾灸灯') => ({ format: 'json', value: { id: 'lamp', name, price } });
  const priceOf = (id: string) => (JSON.parse(backend.published().get(`things/${id}.json`)!) as { price: number }).price;
  const data = <T = Revision>(res: { json: () => { data: unknown } }) => res.json().data as T;
  /** Every so often, as the running instances do: the app's clock moved, so due schedules are queued. */
  async function runDue(revisionId: string, state = 'published') {
    await sweep();
    for (let i = 0; i < 100; i++) {
      const r = data(await call(t, reviewer, 'GET', `/revisions/${revisionId}`));
      if (r.state === state) return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`revision ${revisionId} never reached ${state}`);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    backend = memoryBackend();
    setContentBackend(t.app.ctx, backend);
    ({ sweep } = await consoleServices(t.app.ctx).start(sqliteQueue(t.db, { pollMs: 20 }), { sweepMs: 3_600_000 }));
    editor = await staffer(t, '13900291001', 'editor');
    reviewer = await staffer(t, '13900291002', 'reviewer');
    both = await staffer(t, '13900291003', 'editor', 'reviewer');
    admin = await staffer(t, '13900291004', 'admin');
  });
  afterAll(async () => t.close());

  it('lists the kinds, the items with their versions, and an item with its form schema', async () => {
    const kinds = data<{ kind: string; editable: boolean; count: number; note: string | null }[]>(await call(t, editor, 'GET', '/kinds'));
    expect(kinds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'thing', editable: true, creatable: true, count: 2, note: null }),
        expect.objectContaining({ kind: 'frozen', editable: false, count: 2, note: expect.stringContaining('暂不能') }),
      ]),
    );
    expect(data(await call(t, editor, 'GET', '/kinds/thing/items'))).toEqual([
      { id: 'box', title: '艾灸盒', version: 0, open: null },
      { id: 'lamp', title: '艾灸灯', version: 0, open: null },
    ]);
    const item = data<{ source: unknown; schema: { properties: Record<string, unknown> }; paths: string[] }>(
      await call(t, editor, 'GET', '/kinds/thing/items/lamp'),
    );
    expect(item.source).toEqual(lamp(199));
    expect(item.schema.properties.price).toMatchObject({ type: 'number' });
    expect(item.paths).toEqual(['/things/lamp']);
    expect((await call(t, editor, 'GET', '/kinds/thing/items/nothing')).statusCode).toBe(404);
    expect((await call(t, editor, 'GET', '/kinds/nothing/items')).statusCode).toBe(404);
  });

  it("takes a long page (beyond the app's 64 KB body limit) as a source", async () => {
    const body = '艾灸'.repeat(75_000);
    const res = await call(t, editor, 'POST', '/check', {
      kind: 'note',
      itemId: 'intro',
      source: { format: 'markdown', fields: { id: 'intro', title: '入门', position: 1 }, body },
    });
    expect(res.statusCode).toBe(200);
    expect(data<{ findings: unknown[] }>(res).findings).toEqual([]);
  });

  it('checks a source without saving it', async () => {
    const res = await call(t, reviewer, 'POST', '/check', { kind: 'thing', itemId: 'lamp', source: lamp(-1) });
    expect(data<{ findings: unknown[] }>(res).findings).toEqual([
      { rule: 'price', field: 'price', message: '价格必须大于 0', blocking: true },
    ]);
    const broken = await call(t, reviewer, 'POST', '/check', {
      kind: 'thing',
      itemId: 'lamp',
      source: { format: 'json', value: { name: '' } },
    });
    expect(data<{ findings: { rule: string; blocking: boolean }[] }>(broken).findings[0]).toMatchObject({
      rule: 'content-load',
      blocking: true,
    });
  });

  it('edits a price: draft → checks → submit → another reviewer approves for a minute later → published then, once', async () => {
    const created = await call(t, editor, 'POST', '/revisions', { kind: 'thing', itemId: 'lamp', source: lamp(299) });
    expect(created.statusCode).toBe(200);
    const draft = data(created);
    expect(draft).toMatchObject({ state: 'draft', basedOn: 0, findings: [], author: { id: editor.userId }, title: '艾灸灯' });
    // One open revision per item; only its author edits it.
    expect((await call(t, both, 'POST', '/revisions', { kind: 'thing', itemId: 'lamp', source: lamp(1) })).statusCode).toBe(409);
    const foreign = await call(t, both, 'PUT', `/revisions/${draft.id}`, { source: lamp(1) });
    expect(foreign.statusCode).toBe(403);
    expect(data(await call(t, editor, 'GET', '/kinds/thing/items')).toString()).toBeDefined();
    // The seed's state is kept as version 0 on the first edit.
    expect(data<{ version: number }[]>(await call(t, editor, 'GET', '/kinds/thing/items/lamp/versions')).map((v) => v.version)).toEqual([
      0,
    ]);

    const submitted = data(await call(t, editor, 'POST', `/revisions/${draft.id}/submit`));
    expect(submitted.state).toBe('in_review');
    expect((await call(t, editor, 'PUT', `/revisions/${draft.id}`, { source: lamp(1) })).statusCode).toBe(409);
    // An editor cannot approve at all.
    expect((await call(t, editor, 'POST', `/revisions/${draft.id}/approve`, {})).statusCode).toBe(403);

    const publishAt = t.clock.now() + MINUTE;
    const approved = await call(t, reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt });
    expect(approved.statusCode).toBe(200);
    expect(data(approved)).toMatchObject({ state: 'approved', publishAt, reviewer: { id: reviewer.userId } });
    // The queued job ran at once (wall clock) but the app's clock says not yet.
    await sweep();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(priceOf('lamp')).toBe(199);
    expect(data(await call(t, reviewer, 'GET', `/revisions/${draft.id}`)).state).toBe('approved');

    t.clock.advance(MINUTE);
    const published = await runDue(draft.id);
    expect(published).toMatchObject({ state: 'published', version: 1, publishedAt: t.clock.now() });
    expect(priceOf('lamp')).toBe(299);
    expect(backend.announced).toHaveLength(1);
    const versions = data<{ version: number; author: { id: string } | null; reviewer: { id: string } | null }[]>(
      await call(t, editor, 'GET', '/kinds/thing/items/lamp/versions'),
    );
    expect(versions.map((v) => [v.version, v.author?.id ?? null, v.reviewer?.id ?? null])).toEqual([
      [1, editor.userId, reviewer.userId],
      [0, null, null],
    ]);
    expect(data<{ source: unknown }>(await call(t, editor, 'GET', '/kinds/thing/items/lamp/versions/0')).source).toEqual(lamp(199));
    expect(data<{ version: number }[]>(await call(t, editor, 'GET', '/kinds/thing/items'))).toContainEqual({
      id: 'lamp',
      title: '艾灸灯',
      version: 1,
      open: null,
    });
  });

  it('never lets a reviewer approve their own draft', async () => {
    const draft = data(
      await call(t, both, 'POST', '/revisions', {
        kind: 'thing',
        itemId: 'box',
        source: { format: 'json', value: { id: 'box', name: '艾灸盒', price: 69 } },
      }),
    );
    await call(t, both, 'POST', `/revisions/${draft.id}/submit`);
    for (const path of ['approve', 'reject']) {
      const res = await call(t, both, 'POST', `/revisions/${draft.id}/${path}`, path === 'approve' ? {} : { comment: '自己退回' });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('不能审核自己提交的内容');
    }
    expect(data(await call(t, both, 'GET', `/revisions/${draft.id}`)).state).toBe('in_review');
    // An admin passes every check but the author rule too.
    const byAdmin = await call(t, admin, 'POST', `/revisions/${draft.id}/reject`, { comment: '价格请与门店核对' });
    expect(data(byAdmin)).toMatchObject({ state: 'rejected', comment: '价格请与门店核对', reviewer: { id: admin.userId } });
    expect((await call(t, reviewer, 'POST', `/revisions/${draft.id}/reject`, { comment: ' ' })).statusCode).toBe(400);
    // Back to the author: edited again it is a draft, and can be withdrawn.
    const edited = data(
      await call(t, both, 'PUT', `/revisions/${draft.id}`, { source: { format: 'json', value: { id: 'box', name: '艾灸盒', price: 65 } } }),
    );
    expect(edited).toMatchObject({ state: 'draft', comment: '价格请与门店核对' });
    expect(data(await call(t, both, 'POST', `/revisions/${draft.id}/withdraw`)).state).toBe('withdrawn');
  });

  it('refuses to submit a draft with a blocking finding, naming the rule, and keeps the findings', async () => {
    const source = { format: 'markdown', fields: { id: 'intro', title: '入门', position: 1 }, body: '坚持艾灸可治愈失眠。' };
    const draft = data(await call(t, editor, 'POST', '/revisions', { kind: 'note', itemId: 'intro', source }));
    expect(draft.findings).toEqual([{ rule: 'cure-promise', field: 'body', message: '不得承诺治愈（《广告法》）', blocking: true }]);
    const res = await call(t, editor, 'POST', `/revisions/${draft.id}/submit`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('不得承诺治愈');
    expect(res.json().msg).toContain('cure-promise');
    expect(data(await call(t, editor, 'GET', `/revisions/${draft.id}`))).toMatchObject({ state: 'draft', findings: draft.findings });
    // A warning alone does not block.
    const fixed = data(await call(t, editor, 'PUT', `/revisions/${draft.id}`, { source: { ...source, body: '最温和的入门方法。' } }));
    expect(fixed.findings).toEqual([expect.objectContaining({ rule: 'ad-words', blocking: false })]);
    expect(data(await call(t, editor, 'POST', `/revisions/${draft.id}/submit`)).state).toBe('in_review');
    await call(t, editor, 'POST', `/revisions/${draft.id}/withdraw`);
  });

  it('refuses to submit over a change published meanwhile (a deploy edited the item)', async () => {
    const draft = data(
      await call(t, editor, 'POST', '/revisions', {
        kind: 'thing',
        itemId: 'box',
        source: { format: 'json', value: { id: 'box', name: '艾灸盒', price: 79 } },
      }),
    );
    const edited = new Map([...backend.published(), ['things/box.json', JSON.stringify({ id: 'box', name: '艾灸盒', price: 49 })]]);
    await backend.publish(edited, backend.compile(edited), t.clock.now());
    const res = await call(t, editor, 'POST', `/revisions/${draft.id}/submit`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('已发布了新版本');
    await call(t, editor, 'POST', `/revisions/${draft.id}/withdraw`);
  });

  it('rolls back by publishing an old version as a new one, through review', async () => {
    expect((await call(t, editor, 'POST', '/kinds/thing/items/lamp/versions/1/rollback')).statusCode).toBe(400);
    expect((await call(t, editor, 'POST', '/kinds/thing/items/lamp/versions/7/rollback')).statusCode).toBe(404);
    const draft = data(await call(t, editor, 'POST', '/kinds/thing/items/lamp/versions/0/rollback'));
    expect(draft).toMatchObject({ state: 'draft', rollbackOf: 0, basedOn: 1, source: lamp(199) });
    await call(t, editor, 'POST', `/revisions/${draft.id}/submit`);
    const now = data(await call(t, reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt: null }));
    expect(now).toMatchObject({ state: 'published', version: 2, rollbackOf: 0 });
    expect(priceOf('lamp')).toBe(199);
  });

  it('keeps an approval whose publish failed, and publishes it on the next sweep', async () => {
    const source = { format: 'json', value: { id: 'box', name: '艾灸盒', price: 72 } };
    const draft = data(await call(t, editor, 'POST', '/revisions', { kind: 'thing', itemId: 'box', source }));
    await call(t, editor, 'POST', `/revisions/${draft.id}/submit`);
    backend.failNextPublish = true;
    const approved = await call(t, reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt: null });
    expect(approved.statusCode).toBe(200);
    expect(data(approved)).toMatchObject({ state: 'approved', publishAt: null });
    expect(priceOf('box')).toBe(49);
    expect(await runDue(draft.id)).toMatchObject({ state: 'published', version: 1 });
    expect(priceOf('box')).toBe(72);
  });

  it('records a publish whose content was written before its answer was lost, without publishing it again', async () => {
    const source = { format: 'json', value: { id: 'box', name: '艾灸盒', price: 75 } };
    const draft = data(await call(t, editor, 'POST', '/revisions', { kind: 'thing', itemId: 'box', source }));
    await call(t, editor, 'POST', `/revisions/${draft.id}/submit`);
    backend.loseNextPublishAnswer = true;
    const announced = backend.announced.length;
    expect(data(await call(t, reviewer, 'POST', `/revisions/${draft.id}/approve`, { publishAt: null })).state).toBe('approved');
    expect(priceOf('box')).toBe(75);
    expect(await runDue(draft.id)).toMatchObject({ state: 'published', version: 2, comment: null });
    expect(backend.announced).toHaveLength(announced);
    expect(data<{ version: number }[]>(await call(t, editor, 'GET', '/kinds/thing/items/box/versions')).map((v) => v.version)).toEqual([
      2, 1, 0,
    ]);
  });

  it('adds a new item, and previews a draft as an overlay', async () => {
    const cup = { format: 'json', value: { id: 'cup', name: '艾灸杯', price: 39 } };
    expect((await call(t, editor, 'POST', '/revisions', { kind: 'thing', itemId: 'lamp', isNew: true, source: lamp(1) })).statusCode).toBe(
      409,
    );
    expect(
      (
        await call(t, editor, 'POST', '/revisions', {
          kind: 'note',
          itemId: 'other',
          isNew: true,
          source: { format: 'markdown', fields: { title: 'x', position: 2 }, body: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const draft = data(await call(t, editor, 'POST', '/revisions', { kind: 'thing', itemId: 'cup', isNew: true, source: cup }));
    expect(draft).toMatchObject({ isNew: true, basedOn: null, title: '艾灸杯' });
    const preview = data<{ token: string; paths: string[] }>(await call(t, reviewer, 'POST', `/revisions/${draft.id}/preview`));
    expect(preview.paths).toEqual(['/things/cup']);
    expect(
      backend.previews
        .get(preview.token)
        ?.get('thing')
        ?.map((i) => i.id),
    ).toContain('cup');
    expect(priceOf('lamp')).toBe(199);
    await call(t, editor, 'POST', `/revisions/${draft.id}/submit`);
    expect(data(await call(t, reviewer, 'POST', `/revisions/${draft.id}/approve`, {})).version).toBe(1);
    expect(priceOf('cup')).toBe(39);
  });

  it('keeps every step in the audit trail, with the right people, searchable and exportable', async () => {
    const res = await call(t, reviewer, 'GET', '/audit?subject=content:thing/lamp&limit=50');
    // An approval "now" and its publish share one instant: within it, in the workflow's order.
    const rank = (a: string) => ['content.create', 'content.rollback', 'content.submit', 'content.approve', 'content.publish'].indexOf(a);
    const steps = data<{ at: number; action: string; actor: { id: string } | null }[]>(res)
      .sort((a, b) => a.at - b.at || rank(a.action) - rank(b.action))
      .map(
        (e) =>
          `${e.action} ${e.actor?.id === editor.userId ? 'editor' : e.actor?.id === reviewer.userId ? 'reviewer' : String(e.actor?.id)}`,
      );
    expect(steps).toEqual([
      'content.create editor',
      'content.submit editor',
      'content.approve reviewer',
      'content.publish reviewer',
      'content.rollback editor',
      'content.submit editor',
      'content.approve reviewer',
      'content.publish reviewer',
    ]);
    const byReviewer = data<{ actor: { id: string } }[]>(
      await call(t, reviewer, 'GET', `/audit?actor=${reviewer.userId}&action=content.approve`),
    );
    expect(byReviewer.length).toBeGreaterThanOrEqual(3);
    expect((await call(t, editor, 'GET', '/audit')).statusCode).toBe(403);
    const csv = await call(t, reviewer, 'GET', '/audit.csv?subject=content:thing/lamp');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toContain('操作人');
    expect(lines).toHaveLength(9);
    expect(lines.filter((l) => l.includes('审核通过'))).toHaveLength(2);
  });

  it('lets admins list staff, set roles and add staff by number — never dropping their own admin role', async () => {
    expect((await call(t, reviewer, 'GET', '/staff')).statusCode).toBe(403);
    const list = data<{ id: string; mobile: string; roles: string[] }[]>(await call(t, admin, 'GET', '/staff'));
    expect(list.find((s) => s.id === reviewer.userId)).toMatchObject({ roles: ['user', 'reviewer'], mobile: expect.stringContaining('*') });
    const set = await call(t, admin, 'PUT', `/staff/${editor.userId}/roles`, { roles: ['editor', 'reviewer'] });
    expect(data<{ roles: string[] }>(set).roles).toEqual(['user', 'editor', 'reviewer']);
    const own = await call(t, admin, 'PUT', `/staff/${admin.userId}/roles`, { roles: ['editor'] });
    expect(own.statusCode).toBe(400);
    expect(own.json().msg).toBe('不能取消自己的管理员角色');
    const added = await call(t, admin, 'POST', '/staff', { mobile: '13900291999', roles: ['reviewer'] });
    expect(data<{ roles: string[]; mobile: string }>(added)).toMatchObject({
      roles: ['user', 'reviewer'],
      mobile: expect.stringContaining('*'),
    });
    const audit = data<{ action: string; detail: Record<string, unknown> }[]>(await call(t, admin, 'GET', '/audit?action=role.grant'));
    expect(audit.map((a) => a.detail.role)).toEqual(expect.arrayContaining(['reviewer']));
    expect(JSON.stringify(audit)).not.toContain('13900291999');
    await call(t, admin, 'PUT', `/staff/${editor.userId}/roles`, { roles: ['editor'] });
  });
});
