import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test/test-app.ts';
import type { WechatApi } from '../wechat/wechat-api.ts';
import { envelopeProblem } from './envelope-check.ts';
import { newCaller, OWNED_RESOURCES, type Caller, type Created, type OwnedResource, type Probe } from './owned-resources.ts';
import { countUserRows } from './row-counts.ts';

const TOKEN_TTL_DAYS = 30;
/** WeChat code "c-<openid>" → openid, as in wechat-routes.test.ts. */
const fakeWechat: WechatApi = { openidForCode: async (code) => (code.startsWith('c-') ? code.slice(2) : null) };

/** The credentials tried on every probe (issue #7 §2). */
type Credential = 'none' | 'garbage' | 'expired' | 'revoked' | 'other user';
const CREDENTIALS: Credential[] = ['none', 'garbage', 'expired', 'revoked', 'other user'];

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
      if (credential === 'other user') {
        expect(res.statusCode).toBe(probe.otherStatus);
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
});
