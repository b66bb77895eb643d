import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import type { TestApp } from '../test/test-app.ts';
import { loginAs } from '../test/login-helpers.ts';

/**
 * Issue #7 §2: every user-owned resource, as a table. A later resource joins with one entry: how its
 * owner (user A) creates one, each request that reads or modifies it, and how to see it is still intact.
 */
export type Caller = { token: string; userId: string; mobile: string };
export type Created = {
  fixture: Record<string, string>;
  /** Single-use things a probe may take (e.g. WeChat bind tickets issued before A bound). */
  spare: string[];
  /** Strings that identify A's resource: never in another user's answer. */
  secrets: string[];
};

export type Probe = {
  name: string;
  /** A request that would succeed for the owner; it must carry a valid body, so the token is the only thing wrong. */
  request: (t: TestApp, created: Created) => Promise<InjectOptions>;
  /**
   * What another logged-in user gets: 404 for someone else's record (never 403, never the data); 409 for
   * something exclusively held by A; 200 for routes that only ever act on the caller's own data.
   */
  otherStatus: 200 | 404 | 409;
};

export type OwnedResource = {
  name: string;
  create: (t: TestApp, owner: Caller) => Promise<Created>;
  probes: Probe[];
  /** Asserts A still has the resource, unchanged, after every other caller tried. */
  intact: (t: TestApp, owner: Caller, created: Created) => Promise<void>;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A full, valid constitution answer sheet (every question answered 3). */
async function answerSheet(t: TestApp) {
  const questions = (await t.app.inject({ url: '/api/v8/physical/questions?gender=female' })).json().data.questions as { id: string }[];
  return { gender: 'female', answers: Object.fromEntries(questions.map((q) => [q.id, 3])) };
}

/** WeChat OAuth code for an openid in the fake WeChat API the table's app is built with. */
export const wechatCode = (openid: string) => `c-${openid}`;
async function bindTicket(t: TestApp, openid: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/aysdmp/wechat/checkout.do', payload: { code: wechatCode(openid) } });
  return res.json().data.bindTicket as string;
}

export const OWNED_RESOURCES: OwnedResource[] = [
  {
    name: 'physical record',
    async create(t, owner) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v8/physical/records',
        payload: await answerSheet(t),
        headers: bearer(owner.token),
      });
      const id = res.json().data.id as string;
      return { fixture: { id }, spare: [], secrets: [id, owner.userId] };
    },
    probes: [
      { name: 'list records', request: async () => ({ url: '/api/v8/physical/records' }), otherStatus: 200 },
      { name: 'read the record', request: async (_t, c) => ({ url: `/api/v8/physical/records/${c.fixture.id}` }), otherStatus: 404 },
      {
        name: 'add a record',
        request: async (t) => ({ method: 'POST', url: '/api/v8/physical/records', payload: await answerSheet(t) }),
        otherStatus: 200,
      },
    ],
    async intact(t, owner, c) {
      const list = (await t.app.inject({ url: '/api/v8/physical/records', headers: bearer(owner.token) })).json().data as { id: string }[];
      expect(list.map((r) => r.id)).toEqual([c.fixture.id]);
      expect((await t.app.inject({ url: `/api/v8/physical/records/${c.fixture.id}`, headers: bearer(owner.token) })).statusCode).toBe(200);
    },
  },
  {
    name: 'WeChat binding',
    async create(t, owner) {
      const openid = `openid-${owner.userId}`;
      // Once bound, checkout.do logs in instead of issuing tickets: take the probes' tickets first.
      const spare: string[] = [];
      for (let i = 0; i < 8; i++) spare.push(await bindTicket(t, openid));
      const res = await t.app.inject({
        method: 'POST',
        url: '/aysdmp/wechat/bind.do',
        payload: { ticket: await bindTicket(t, openid) },
        headers: bearer(owner.token),
      });
      expect(res.statusCode).toBe(200);
      return { fixture: { openid }, spare, secrets: [openid, owner.userId] };
    },
    probes: [
      {
        name: 'bind the same WeChat',
        request: async (_t, c) => ({ method: 'POST', url: '/aysdmp/wechat/bind.do', payload: { ticket: c.spare.pop() } }),
        otherStatus: 409,
      },
    ],
    async intact(t, owner, c) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/aysdmp/wechat/checkout.do',
        payload: { code: wechatCode(c.fixture.openid!) },
      });
      expect(res.json().data.loginInfo.user.id).toBe(owner.userId);
    },
  },
  {
    name: 'session',
    async create(_t, owner) {
      return { fixture: {}, spare: [], secrets: [owner.userId, maskMobile(`+86${owner.mobile}`)] };
    },
    probes: [
      { name: 'who am I', request: async () => ({ url: '/api/v8/me' }), otherStatus: 200 },
      { name: 'log out', request: async () => ({ method: 'POST', url: '/api/v8/logout' }), otherStatus: 200 },
    ],
    async intact(t, owner) {
      const me = await t.app.inject({ url: '/api/v8/me', headers: bearer(owner.token) });
      expect(me.json().data.id).toBe(owner.userId);
    },
  },
];

let next = 0;
/** A new user with a number no other test uses. */
export async function newCaller(t: TestApp): Promise<Caller> {
  const mobile = `1390013${String(next++).padStart(4, '0')}`;
  const { token, userId } = await loginAs(t, mobile);
  return { token, userId, mobile };
}
