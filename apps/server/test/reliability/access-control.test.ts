import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../support/test-app.ts';
import type { WechatApi } from '../../src/wechat/wechat-api.ts';
import { envelopeProblem } from '../support/envelope-check.ts';
import { GRANTABLE_ROLES } from '@moxa/core/login/roles';
import { userRepository } from '../../src/users/user-repository.ts';
import { readOperations } from '../support/openapi-operations.ts';
import {
  newCaller,
  OWNED_RESOURCES,
  ROLE_ROUTES,
  type Caller,
  type Created,
  type OwnedResource,
  type Probe,
} from '../support/owned-resources.ts';
import { countUserRows } from '../support/row-counts.ts';
import { setContentBackend } from '../../src/console/console-services.ts';
import { memoryBackend } from '../../src/console/testing/memory-backend.ts';

const TOKEN_TTL_DAYS = 30;
/** WeChat code "c-<openid>" → openid, as in wechat-routes.test.ts. */
const fakeWechat: WechatApi = {
  openidForCode: async (code) => (code.startsWith('c-') ? code.slice(2) : null),
  jsapiTicket: async () => ({ ticket: 'fake-ticket', expiresIn: 7200 }),
};

/** The credentials tried on every probe (issue #7 §2). */
type Credential = 'none' | 'garbage' | 'expired' | 'revoked' | 'other user' | 'advisor';
const CREDENTIALS: Credential[] = ['none', 'garbage', 'expired', 'revoked', 'other user', 'advisor'];

describe.each(DIALECTS)('access control on %s (issue #7 §2)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Generous SMS limits: this suite logs many users in from one address.
    const many = 100_000;
    t = await createTestApp(
      dialect,
      {
        TOKEN_TTL_DAYS,
        SMS_MAX_PER_NUMBER_HOUR: many,
        SMS_MAX_PER_NUMBER_DAY: many,
        SMS_MAX_PER_IP_HOUR: many,
        SMS_MAX_PER_IP_DAY: many,
        LOGIN_MAX_PER_IP_HOUR: many,
      },
      { wechat: fakeWechat },
    );
    // Issue #29: the console's rows edit a small in-memory content tree (console/testing/memory-backend.ts).
    setContentBackend(t.app.ctx, memoryBackend());
  });
  afterAll(async () => t.close());

  describe.each(OWNED_RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource: OwnedResource) => {
    let owner: Caller;
    let created: Created;
    beforeAll(async () => {
      owner = await newCaller(t);
      created = await resource.create(t, owner);
    });

    /** Sends the probe with a credential; returns the answer and whether anything user-owned was written. */
    async function attempt(probe: Probe, credential: Credential) {
      const req: InjectOptions = await probe.request(t, created);
      let token: string | null = null;
      let restoreClock = () => {};
      if (credential === 'garbage') token = 'A'.repeat(43);
      if (credential === 'other user') token = (await newCaller(t)).token;
      if (credential === 'advisor') {
        // Staff, but not the owner: sees case photos (issue #17), nothing else of A's.
        const advisor = await newCaller(t);
        await userRepository(t.db, Date.now).grant(advisor.userId, 'advisor');
        token = advisor.token;
      }
      if (credential === 'revoked') {
        // The owner's own second session, after logging it out.
        const again = (await loginAs(t, owner.mobile)).token;
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/v8/logout', headers: { authorization: `Bearer ${again}` } })).statusCode,
        ).toBe(200);
        token = again;
      }
      if (credential === 'expired') {
        // The owner's own token, with the clock moved past TOKEN_TTL_DAYS (and back afterwards).
        token = owner.token;
        const now = t.clock.now();
        t.clock.advance(TOKEN_TTL_DAYS * 86400_000 + 60_000);
        restoreClock = () => t.clock.set(now);
      }
      const before = await countUserRows(t.db);
      const res = await t.app.inject({ ...req, headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      const after = await countUserRows(t.db);
      restoreClock();
      return { res, wrote: JSON.stringify(before) !== JSON.stringify(after) };
    }

    const cases = resource.probes.flatMap((p) => CREDENTIALS.map((c) => [p.name, c, p] as const));
    it.each(cases)('%s with %s token', async (_probeName, credential, probe) => {
      const { res, wrote } = await attempt(probe, credential);
      expect(envelopeProblem(res.statusCode, res.headers['content-type'] as string, res.body)).toBeNull();
      for (const secret of created.secrets) expect(res.body).not.toContain(secret);
      if (credential === 'other user' || credential === 'advisor') {
        expect(res.statusCode).toBe(credential === 'advisor' ? (probe.advisorStatus ?? probe.otherStatus) : probe.otherStatus);
      } else {
        expect(res.statusCode).toBe(401);
        expect(res.json().msg).toBe(credential === 'none' ? '请先登录' : '登录已失效，请重新登录');
      }
      if (res.statusCode >= 400) expect(wrote).toBe(false);
    });

    it('is intact for its owner after every attempt', async () => {
      await resource.intact(t, owner, created);
    });
  });

  describe.each(ROLE_ROUTES.map((r) => [r.name, r] as const))('%s (role-protected, issue #14 §6)', (_name, route) => {
    const send = (token: string | null) => t.app.inject({ ...route.request, headers: token ? { authorization: `Bearer ${token}` } : {} });

    it('answers 401 without a valid session', async () => {
      const owner = await newCaller(t);
      await t.app.inject({ method: 'POST', url: '/api/v8/logout', headers: { authorization: `Bearer ${owner.token}` } });
      for (const token of [null, 'A'.repeat(43), owner.token]) {
        const res = await send(token);
        expect(envelopeProblem(res.statusCode, res.headers['content-type'] as string, res.body)).toBeNull();
        expect(res.statusCode).toBe(401);
      }
    });

    it.each(['user', ...GRANTABLE_ROLES] as const)('with the role %s', async (role) => {
      const caller = await newCaller(t);
      if (role !== 'user') await userRepository(t.db, Date.now).grant(caller.userId, role);
      const allowed = role === 'admin' || (route.roles as string[]).includes(role);
      const res = await send(caller.token);
      expect(envelopeProblem(res.statusCode, res.headers['content-type'] as string, res.body)).toBeNull();
      expect(res.statusCode).toBe(allowed ? (route.allowed ?? 200) : 403);
      if (!allowed) expect(res.json().msg).toBe('没有权限访问此内容');
    });
  });

  it('lists every staff route of the OpenAPI document in ROLE_ROUTES', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const staff = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes('admin') || op.tags?.includes('console'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.sort()).toEqual(ROLE_ROUTES.map((r) => r.name).sort());
    expect((await readOperations(t.app)).filter((op) => op.path.startsWith('/api/v8/admin/')).every((op) => op.bearer)).toBe(true);
    expect((await readOperations(t.app)).filter((op) => op.path.startsWith('/api/v8/console/')).every((op) => op.bearer)).toBe(true);
  });

  it('refuses a reviewer approving (or rejecting) their own draft (issue #29)', async () => {
    const caller = await newCaller(t);
    const users = userRepository(t.db, Date.now);
    await users.grant(caller.userId, 'editor');
    await users.grant(caller.userId, 'reviewer');
    const headers = { authorization: `Bearer ${caller.token}` };
    const source = { format: 'json', value: { id: 'box', name: '艾灸盒', price: 66 } };
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/v8/console/revisions',
      headers,
      payload: { kind: 'thing', itemId: 'box', source },
    });
    const id = draft.json().data.id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/v8/console/revisions/${id}/submit`, headers })).statusCode).toBe(200);
    for (const [path, payload] of [
      ['approve', { publishAt: null }],
      ['reject', { comment: '自己退回' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v8/console/revisions/${id}/${path}`, headers, payload });
      expect(envelopeProblem(res.statusCode, res.headers['content-type'] as string, res.body)).toBeNull();
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('不能审核自己提交的内容');
    }
    const after = await t.app.inject({ url: `/api/v8/console/revisions/${id}`, headers });
    expect(after.json().data.state).toBe('in_review');
    await t.app.inject({ method: 'POST', url: `/api/v8/console/revisions/${id}/withdraw`, headers });
  });
});
