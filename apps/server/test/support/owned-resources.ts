import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import type { GrantableRole } from '@moxa/core/login/roles';
import sharp from 'sharp';
import type { TestApp } from './test-app.ts';
import { consultationRequest, multipartBody } from './multipart.ts';
import { loginAs } from './login-helpers.ts';
import { sessionInput } from './moxa-fixtures.ts';
import { encodeQueueCursor } from '../../src/cases/case-repository.ts';
import type { AccountExport } from '@moxa/core/export/export-contract';
import { grantConsents } from './consent-helpers.ts';
import { PRIVACY_POLICY_VERSION } from '@moxa/core/consent/consent-contract';

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
   * something exclusively held by A; 200 for routes that only ever act on the caller's own data; 400 for
   * routes acting on the caller's own data that need their own proof (an SMS code), so it fails for them.
   */
  otherStatus: 200 | 400 | 404 | 409;
  /** What a user with the advisor role (not the owner) gets, when it differs from `otherStatus` (case photos: 200). */
  advisorStatus?: 200 | 404;
};

export type OwnedResource = {
  name: string;
  create: (t: TestApp, owner: Caller) => Promise<Created>;
  probes: Probe[];
  /** Asserts A still has the resource, unchanged, after every other caller tried. */
  intact: (t: TestApp, owner: Caller, created: Created) => Promise<void>;
  /**
   * Issue #27 item 16: asserts A's export (我的数据) holds the resource with its content. Every entry
   * needs one (routes/account-export.test.ts fails for an entry without it).
   */
  exported?: (t: TestApp, owner: Caller, created: Created, data: AccountExport) => Promise<void>;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A full, valid constitution answer sheet (every question answered 3). */
async function answerSheet(t: TestApp) {
  const questions = (await t.app.inject({ url: '/api/v8/physical/questions?gender=female' })).json().data.questions as { id: string }[];
  return { gender: 'female', answers: Object.fromEntries(questions.map((q) => [q.id, 3])) };
}

/** WeChat OAuth code for an openid in the fake WeChat API the table's app is built with. */
const wechatCode = (openid: string) => `c-${openid}`;
/** A round trip this app started (issue #13 item 1): the state and, for an unbound openid, its bind ticket. */
async function wechatRoundTrip(
  t: TestApp,
  openid: string,
): Promise<{ state: string; ticket: string; loginInfo: { user: { id: string } } | null }> {
  const state = (await t.app.inject({ method: 'POST', url: '/api/v8/wechat/start', payload: {} })).json().data.state as string;
  const res = await t.app.inject({ method: 'POST', url: '/aysdmp/wechat/checkout.do', payload: { code: wechatCode(openid), state } });
  const data = res.json().data as { bindTicket: string; loginInfo: { user: { id: string } } | null };
  return { state, ticket: data.bindTicket, loginInfo: data.loginInfo };
}

/** Issue #31: a course set up by the table's owner, and preferences that differ from the defaults. */
const COURSE = { scheme: { kind: 'disease', id: 'insomnia' }, frequency: 'daily', time: '08:00', sessions: 10, channel: 'sms' };
const QUIET_PREFS = { caseReplies: false, courseReminders: true, sms: false, wechat: true };

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
      // Issue #27 item 15: deletes the caller's own records only.
      { name: 'delete all records', request: async () => ({ method: 'DELETE', url: '/api/v8/physical/records' }), otherStatus: 200 },
    ],
    async exported(t, _owner, c, data) {
      const questions = (await answerSheet(t)).answers;
      expect(data.constitutionRecords.map((r) => r.id)).toEqual([c.fixture.id]);
      const record = data.constitutionRecords[0]!;
      expect(record.answers.map((a) => a.id).sort()).toEqual(Object.keys(questions).sort());
      expect(record.answers.every((a) => a.value === 3 && a.question.length > 2 && a.label.length > 0)).toBe(true);
      expect(record.result.scales.length).toBe(9);
    },
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
      for (let i = 0; i < 8; i++) {
        const trip = await wechatRoundTrip(t, openid);
        spare.push(`${trip.ticket} ${trip.state}`);
      }
      const trip = await wechatRoundTrip(t, openid);
      t.clock.advance(61_000);
      await t.app.inject({ method: 'POST', url: '/api/v8/me/step-up-code', payload: { purpose: 'wechat' }, headers: bearer(owner.token) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/aysdmp/wechat/bind.do',
        payload: { ticket: trip.ticket, state: trip.state, code: t.sms.sent.at(-1)!.code },
        headers: bearer(owner.token),
      });
      expect(res.statusCode).toBe(200);
      t.clock.advance(61_000); // the owner's number may get another code (the table logs A in again)
      return { fixture: { openid }, spare, secrets: [openid, owner.userId] };
    },
    probes: [
      {
        // Another account with a ticket for A's WeChat is told it is taken before any code is checked.
        name: 'bind the same WeChat',
        request: async (_t, c) => {
          const [ticket, state] = c.spare.pop()!.split(' ');
          return { method: 'POST', url: '/aysdmp/wechat/bind.do', payload: { ticket, state, code: '123456' } };
        },
        otherStatus: 409,
      },
      {
        name: 'unbind',
        request: async () => ({ method: 'POST', url: '/aysdmp/wechat/unbind.do', payload: { code: '123456' } }),
        otherStatus: 400,
      },
    ],
    async exported(_t, _owner, c, data) {
      expect(data.wechat?.openid).toBe(c.fixture.openid);
    },
    async intact(t, owner, c) {
      const trip = await wechatRoundTrip(t, c.fixture.openid!);
      expect(trip.loginInfo?.user.id).toBe(owner.userId);
    },
  },
  {
    name: 'consultation case',
    async create(t, owner) {
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c98a1b' } })
        .jpeg()
        .toBuffer();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v8/consultations',
        ...multipartBody({ data: JSON.stringify(consultationRequest('秘密症状：膝盖怕冷')) }, [
          { name: 'photos', filename: 'knee.jpg', bytes: photo },
        ]),
        headers: { ...multipartBody({}, []).headers, ...bearer(owner.token) },
      });
      const data = res.json().data as { id: string; photos: { id: string }[] };
      return { fixture: { id: data.id, photo: data.photos[0]!.id }, spare: [], secrets: [data.id, '秘密症状'] };
    },
    probes: [
      { name: 'list cases', request: async () => ({ url: '/api/v8/cases' }), otherStatus: 200 },
      { name: 'read the case', request: async (_t, c) => ({ url: `/api/v8/cases/${c.fixture.id}` }), otherStatus: 404 },
      {
        name: 'follow up',
        request: async (_t, c) => ({ method: 'POST', url: `/api/v8/cases/${c.fixture.id}/messages`, payload: { body: '补充' } }),
        otherStatus: 404,
      },
      { name: 'close', request: async (_t, c) => ({ method: 'POST', url: `/api/v8/cases/${c.fixture.id}/close` }), otherStatus: 404 },
      { name: 'delete', request: async (_t, c) => ({ method: 'DELETE', url: `/api/v8/cases/${c.fixture.id}` }), otherStatus: 404 },
      {
        name: 'see a photo',
        request: async (_t, c) => ({ url: `/api/v8/cases/${c.fixture.id}/photos/${c.fixture.photo}` }),
        otherStatus: 404,
        advisorStatus: 200,
      },
    ],
    async exported(t, owner, c, data) {
      expect(data.consultations.map((x) => x.id)).toEqual([c.fixture.id]);
      const exported = data.consultations[0]!;
      expect(exported.request.symptoms).toContain('秘密症状');
      expect(exported.photos.map((p) => p.id)).toEqual([c.fixture.photo]);
      // The photo's bytes, exactly as the case screen serves them.
      const photo = await t.app.inject({ url: `/api/v8/cases/${c.fixture.id}/photos/${c.fixture.photo}`, headers: bearer(owner.token) });
      expect(exported.photos[0]!.base64).toBe(photo.rawPayload.toString('base64'));
    },
    async intact(t, owner, c) {
      const res = await t.app.inject({ url: `/api/v8/cases/${c.fixture.id}`, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'submitted', messages: [] });
      expect(res.json().data.request.symptoms).toContain('秘密症状');
      const photo = await t.app.inject({ url: `/api/v8/cases/${c.fixture.id}/photos/${c.fixture.photo}`, headers: bearer(owner.token) });
      expect(photo.statusCode).toBe(200);
    },
  },
  // Issue #18: favourites and history act only on the caller's own rows (another user's call answers
  // for their own, empty lists), so A's stay as they were.
  {
    name: 'favourites',
    async create(t, owner) {
      for (const url of ['/api/v8/me/favorites/acupoint/ST36', '/api/v8/me/favorites/disease/insomnia'])
        expect((await t.app.inject({ method: 'PUT', url, headers: bearer(owner.token) })).statusCode).toBe(200);
      return { fixture: {}, spare: [], secrets: [owner.userId] };
    },
    probes: [
      { name: 'list favourites', request: async () => ({ url: '/api/v8/me/favorites' }), otherStatus: 200 },
      { name: 'favourite', request: async () => ({ method: 'PUT', url: '/api/v8/me/favorites/acupoint/LI4' }), otherStatus: 200 },
      { name: 'unfavourite', request: async () => ({ method: 'DELETE', url: '/api/v8/me/favorites/acupoint/ST36' }), otherStatus: 200 },
      {
        name: 'merge favourites',
        request: async () => ({
          method: 'POST',
          url: '/api/v8/me/favorites/merge',
          payload: { items: [{ kind: 'acupoint', id: 'SP6', at: 1 }] },
        }),
        otherStatus: 200,
      },
    ],
    async exported(_t, _owner, _c, data) {
      expect(data.favorites.map((i) => `${i.kind}:${i.id}`).sort()).toEqual(['acupoint:ST36', 'disease:insomnia']);
      expect(data.favorites.every((i) => i.title.length > 0)).toBe(true);
    },
    async intact(t, owner) {
      const list = (await t.app.inject({ url: '/api/v8/me/favorites', headers: bearer(owner.token) })).json().data as { id: string }[];
      expect(list.map((i) => i.id).sort()).toEqual(['ST36', 'insomnia']);
    },
  },
  {
    name: 'browsing history',
    async create(t, owner) {
      for (const url of ['/api/v8/me/history/acupoint/ST36', '/api/v8/me/history/notice/mild-moxa'])
        expect((await t.app.inject({ method: 'PUT', url, headers: bearer(owner.token) })).statusCode).toBe(200);
      return { fixture: {}, spare: [], secrets: [owner.userId] };
    },
    probes: [
      { name: 'list history', request: async () => ({ url: '/api/v8/me/history' }), otherStatus: 200 },
      { name: 'record a view', request: async () => ({ method: 'PUT', url: '/api/v8/me/history/acupoint/LI4' }), otherStatus: 200 },
      { name: 'remove a view', request: async () => ({ method: 'DELETE', url: '/api/v8/me/history/acupoint/ST36' }), otherStatus: 200 },
      { name: 'clear history', request: async () => ({ method: 'DELETE', url: '/api/v8/me/history' }), otherStatus: 200 },
      {
        name: 'merge history',
        request: async () => ({
          method: 'POST',
          url: '/api/v8/me/history/merge',
          payload: { items: [{ kind: 'acupoint', id: 'SP6', at: 1 }] },
        }),
        otherStatus: 200,
      },
    ],
    async exported(_t, _owner, _c, data) {
      expect(data.history.map((i) => `${i.kind}:${i.id}`).sort()).toEqual(['acupoint:ST36', 'notice:mild-moxa']);
    },
    async intact(t, owner) {
      const list = (await t.app.inject({ url: '/api/v8/me/history', headers: bearer(owner.token) })).json().data as { id: string }[];
      expect(list.map((i) => i.id).sort()).toEqual(['ST36', 'mild-moxa']);
    },
  },
  {
    // Issue #18: the moxibustion log. "Delete all" by another user acts on their own (empty) log only.
    name: 'moxa session',
    async create(t, owner) {
      const payload = sessionInput({ notes: '秘密艾灸备注' });
      const res = await t.app.inject({ method: 'POST', url: '/api/v8/moxa/sessions', payload, headers: bearer(owner.token) });
      const id = res.json().data.id as string;
      return { fixture: { id, clientId: payload.clientId }, spare: [], secrets: [id, payload.clientId, '秘密艾灸备注'] };
    },
    probes: [
      { name: 'list sessions', request: async () => ({ url: '/api/v8/moxa/sessions' }), otherStatus: 200 },
      {
        name: 'save a session',
        request: async () => ({ method: 'POST', url: '/api/v8/moxa/sessions', payload: sessionInput() }),
        otherStatus: 200,
      },
      {
        name: 'import sessions',
        request: async () => ({ method: 'POST', url: '/api/v8/moxa/sessions/import', payload: { sessions: [sessionInput()] } }),
        otherStatus: 200,
      },
      {
        name: 'delete the session',
        request: async (_t, c) => ({ method: 'DELETE', url: `/api/v8/moxa/sessions/${c.fixture.id}` }),
        otherStatus: 404,
      },
      { name: 'delete all sessions', request: async () => ({ method: 'DELETE', url: '/api/v8/moxa/sessions' }), otherStatus: 200 },
    ],
    async exported(_t, _owner, c, data) {
      expect(data.moxaSessions.map((s) => [s.id, s.clientId, s.notes])).toEqual([[c.fixture.id, c.fixture.clientId, '秘密艾灸备注']]);
      expect(data.moxaSessions[0]!.points.length).toBeGreaterThan(0);
    },
    async intact(t, owner, c) {
      const list = (await t.app.inject({ url: '/api/v8/moxa/sessions', headers: bearer(owner.token) })).json().data as {
        id: string;
        notes: string;
      }[];
      expect(list.map((s) => s.id)).toEqual([c.fixture.id]);
      expect(list[0]!.notes).toBe('秘密艾灸备注');
    },
  },
  {
    // Issue #27 item 15: the consent ledger acts only on the caller's rows. The owner (granted all three
    // by newCaller) withdraws and grants the moxibustion-log consent again: two rows of history for it.
    name: 'consents',
    async create(t, owner) {
      const auth = { authorization: `Bearer ${owner.token}` };
      expect((await t.app.inject({ method: 'DELETE', url: '/api/v8/me/consents/moxa-log', headers: auth })).statusCode).toBe(200);
      await grantConsents(t, owner.token, ['moxa-log']);
      return { fixture: {}, spare: [], secrets: [owner.userId] };
    },
    probes: [
      { name: 'list consents', request: async () => ({ url: '/api/v8/me/consents' }), otherStatus: 200 },
      {
        name: 'grant a consent',
        request: async () => ({
          method: 'POST',
          url: '/api/v8/me/consents',
          payload: { purpose: 'constitution', policyVersion: PRIVACY_POLICY_VERSION, birthYear: 1960 },
        }),
        otherStatus: 200,
      },
      {
        name: 'withdraw a consent',
        request: async () => ({ method: 'DELETE', url: '/api/v8/me/consents/constitution' }),
        otherStatus: 200,
      },
    ],
    async exported(t, owner, _c, data) {
      const list = (await t.app.inject({ url: '/api/v8/me/consents', headers: bearer(owner.token) })).json().data as {
        history: { purpose: string; grantedAt: number }[];
      };
      // Issue #27 item 16: the whole ledger, oldest first.
      expect(data.consents.map((c) => [c.purpose, Date.parse(c.grantedAt)])).toEqual(
        list.history.map((h) => [h.purpose, h.grantedAt]).reverse(),
      );
      expect(data.consents.filter((c) => c.purpose === 'moxa-log').map((c) => c.withdrawnAt === null)).toEqual([false, true]);
    },
    async intact(t, owner) {
      const list = (await t.app.inject({ url: '/api/v8/me/consents', headers: bearer(owner.token) })).json().data as {
        consents: { purpose: string; granted: boolean }[];
        history: { purpose: string; withdrawnAt: number | null }[];
      };
      expect(list.consents.map((c) => [c.purpose, c.granted])).toEqual([
        ['constitution', true],
        ['moxa-log', true],
        ['consultation', true],
      ]);
      expect(list.history.filter((h) => h.purpose === 'moxa-log').map((h) => h.withdrawnAt === null)).toEqual([true, false]);
    },
  },
  {
    // Issue #31: a course (疗程) is its owner's; another user's calls act on their own courses only.
    name: 'course',
    async create(t, owner) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v8/me/courses', payload: COURSE, headers: bearer(owner.token) });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as string;
      return { fixture: { id }, spare: [], secrets: [id, owner.userId] };
    },
    probes: [
      { name: 'list courses', request: async () => ({ url: '/api/v8/me/courses' }), otherStatus: 200 },
      { name: 'read the course', request: async (_t, c) => ({ url: `/api/v8/me/courses/${c.fixture.id}` }), otherStatus: 404 },
      {
        name: 'pause the course',
        request: async (_t, c) => ({
          method: 'PATCH',
          url: `/api/v8/me/courses/${c.fixture.id}`,
          payload: { status: 'paused', pauseReason: 'fever' },
        }),
        otherStatus: 404,
      },
      { name: 'set up a course', request: async () => ({ method: 'POST', url: '/api/v8/me/courses', payload: COURSE }), otherStatus: 200 },
    ],
    async exported(_t, _owner, c, data) {
      expect(data.courses.map((x) => [x.id, x.status, x.time, x.sessions])).toEqual([[c.fixture.id, 'active', '08:00', 10]]);
    },
    async intact(t, owner, c) {
      const res = await t.app.inject({ url: `/api/v8/me/courses/${c.fixture.id}`, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'active', pauseReason: null, time: '08:00', sessions: 10 });
      const list = (await t.app.inject({ url: '/api/v8/me/courses', headers: bearer(owner.token) })).json().data as { id: string }[];
      expect(list.map((x) => x.id)).toEqual([c.fixture.id]);
    },
  },
  {
    // Issue #31: notice preferences act on the caller's own settings only.
    name: 'notification preferences',
    async create(t, owner) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v8/me/notification-preferences',
        payload: QUIET_PREFS,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return { fixture: {}, spare: [], secrets: [owner.userId] };
    },
    probes: [
      { name: 'read preferences', request: async () => ({ url: '/api/v8/me/notification-preferences' }), otherStatus: 200 },
      {
        name: 'change preferences',
        request: async () => ({ method: 'PUT', url: '/api/v8/me/notification-preferences', payload: { ...QUIET_PREFS, sms: true } }),
        otherStatus: 200,
      },
    ],
    async exported(_t, _owner, _c, data) {
      expect(data.notifications.preferences).toEqual(QUIET_PREFS);
    },
    async intact(t, owner) {
      const res = await t.app.inject({ url: '/api/v8/me/notification-preferences', headers: bearer(owner.token) });
      expect(res.json().data).toMatchObject(QUIET_PREFS);
    },
  },
  {
    name: 'session',
    async create(t, owner) {
      const name = (await t.app.inject({ url: '/api/v8/me', headers: bearer(owner.token) })).json().data.name as string;
      return { fixture: { name }, spare: [], secrets: [owner.userId, maskMobile(`+86${owner.mobile}`)] };
    },
    probes: [
      { name: 'who am I', request: async () => ({ url: '/api/v8/me' }), otherStatus: 200 },
      { name: 'log out', request: async () => ({ method: 'POST', url: '/api/v8/logout' }), otherStatus: 200 },
      // A code goes to the caller's own number only; deleting needs that code, so another user's
      // (long used) login code deletes nothing.
      {
        name: 'send a step-up code',
        request: async () => ({ method: 'POST', url: '/api/v8/me/step-up-code', payload: { purpose: 'wechat' } }),
        otherStatus: 200,
      },
      {
        name: 'delete the account',
        request: async () => ({ method: 'DELETE', url: '/api/v8/me', payload: { code: '123456' } }),
        otherStatus: 400,
      },
      // Issue #27 item 16: 我的数据 needs a fresh code to the caller's own number, like deletion.
      {
        name: 'export the account',
        request: async () => ({ method: 'POST', url: '/api/v8/me/export', payload: { code: '123456' } }),
        otherStatus: 400,
      },
      // Issue #27 item 13: renames the caller only.
      {
        name: 'change the nickname',
        request: async () => ({ method: 'PATCH', url: '/api/v8/me', payload: { name: '别人改的' } }),
        otherStatus: 200,
      },
    ],
    async exported(_t, owner, c, data) {
      expect(data.profile).toMatchObject({ id: owner.userId, name: c.fixture.name, mobile: `+86${owner.mobile}` });
      expect(data.logins.length).toBeGreaterThan(0);
    },
    async intact(t, owner, c) {
      const me = await t.app.inject({ url: '/api/v8/me', headers: bearer(owner.token) });
      expect(me.json().data.id).toBe(owner.userId);
      expect(me.json().data.name).toBe(c.fixture.name);
    },
  },
];

let next = 0;
/** A new user with a number no other test uses. */
export async function newCaller(t: TestApp): Promise<Caller> {
  const mobile = `1390013${String(next++).padStart(4, '0')}`;
  const { token, userId } = await loginAs(t, mobile);
  // Issue #27 item 15: every caller has agreed to keep health data, so the table tests access, not consent.
  await grantConsents(t, token);
  return { token, userId, mobile };
}

/**
 * Issue #14 §6: routes only staff may use, and which roles may (admin passes every check). A staff
 * route joins with one line; the access-control suite also checks no `admin`-tagged route is missing.
 * `allowed`: what a holder of the role gets (for a made-up case id, 404: the role check is what is tested).
 */
type RoleRoute = {
  name: string;
  request: InjectOptions;
  roles: GrantableRole[];
  allowed?: number;
  /** What an admin holding no other role gets, when it differs from `allowed` (an advisor's own profile: 404, they have none). */
  adminAllowed?: number;
};
const NO_CASE = '00000000-0000-4000-8000-000000000000';
export const ROLE_ROUTES: RoleRoute[] = [
  { name: 'GET /api/v8/admin/content', request: { url: '/api/v8/admin/content' }, roles: ['editor'] },
  { name: 'GET /api/v8/admin/users', request: { url: '/api/v8/admin/users' }, roles: ['admin'] },
  { name: 'GET /api/v8/admin/search-misses', request: { url: '/api/v8/admin/search-misses' }, roles: ['editor'] },
  // Issue #33 item 5: real users' page speed, p75 per route and day.
  { name: 'GET /api/v8/admin/vitals', request: { url: '/api/v8/admin/vitals?days=30' }, roles: ['editor'] },
  // A later page of one status (issue #27 item 4): the role is checked before the cursor is read.
  {
    name: 'GET /api/v8/advisor/cases',
    request: { url: `/api/v8/advisor/cases?status=submitted&size=50&cursor=${encodeQueueCursor({ rank: 1, at: 0, id: NO_CASE })}` },
    roles: ['advisor'],
  },
  { name: 'GET /api/v8/advisor/cases/{caseId}', request: { url: `/api/v8/advisor/cases/${NO_CASE}` }, roles: ['advisor'], allowed: 404 },
  {
    name: 'POST /api/v8/advisor/cases/{caseId}/replies',
    request: { method: 'POST', url: `/api/v8/advisor/cases/${NO_CASE}/replies`, payload: { body: '您好' } },
    roles: ['advisor'],
    allowed: 404,
  },
  // Issue #31: failed notices for staff, and the queue count 我的 shows advisors.
  { name: 'GET /api/v8/admin/notifications', request: { url: '/api/v8/admin/notifications?status=failed&limit=10' }, roles: ['editor'] },
  { name: 'GET /api/v8/advisor/summary', request: { url: '/api/v8/advisor/summary' }, roles: ['advisor'] },
  {
    name: 'POST /api/v8/advisor/cases/{caseId}/status',
    request: { method: 'POST', url: `/api/v8/advisor/cases/${NO_CASE}/status`, payload: { status: 'processing' } },
    roles: ['advisor'],
    allowed: 404,
  },
  // Issue #30: advisor profiles. The advisor's own (a valid submission and duty flag), and the console's
  // list and decisions (reviewers, in a console session): a made-up advisor has nothing waiting (409) or is not there (404).
  { name: 'GET /api/v8/advisor/profile', request: { url: '/api/v8/advisor/profile' }, roles: ['advisor'] },
  {
    name: 'PUT /api/v8/advisor/profile',
    request: {
      method: 'PUT',
      url: '/api/v8/advisor/profile',
      payload: { name: '李静', title: '艾灸调理顾问', introduction: '', photo: null },
    },
    roles: ['advisor'],
    // An admin holding no advisor role has no advisor profile of their own.
    adminAllowed: 404,
  },
  {
    name: 'PUT /api/v8/advisor/profile/duty',
    request: { method: 'PUT', url: '/api/v8/advisor/profile/duty', payload: { onDuty: true } },
    roles: ['advisor'],
    adminAllowed: 404,
  },
  { name: 'GET /api/v8/console/advisors', request: { url: '/api/v8/console/advisors?status=pending' }, roles: ['reviewer'] },
  {
    name: 'PUT /api/v8/console/advisors/{id}/profile',
    request: {
      method: 'PUT',
      url: `/api/v8/console/advisors/${NO_CASE}/profile`,
      payload: { name: '李静', title: '艾灸调理顾问', introduction: '', photo: null },
    },
    roles: ['admin'],
    allowed: 404,
  },
  {
    name: 'POST /api/v8/console/advisors/{id}/approve',
    request: { method: 'POST', url: `/api/v8/console/advisors/${NO_CASE}/approve` },
    roles: ['reviewer'],
    allowed: 409,
  },
  {
    name: 'POST /api/v8/console/advisors/{id}/reject',
    request: { method: 'POST', url: `/api/v8/console/advisors/${NO_CASE}/reject`, payload: { comment: '请换一张照片' } },
    roles: ['reviewer'],
    allowed: 409,
  },
  {
    name: 'PUT /api/v8/console/advisors/{id}/duty',
    request: { method: 'PUT', url: `/api/v8/console/advisors/${NO_CASE}/duty`, payload: { onDuty: true } },
    roles: ['admin'],
    allowed: 404,
  },
  // Issue #29: the operator console (console-routes.ts). Every route also needs a console session
  // (an SMS login < 12 h old, used within 30 min): the callers here just logged in. Content comes from
  // the suite's content backend; made-up revisions and users answer 404, refused input 400.
  ...consoleRows(),
  // Issue #30: the console's media library: editors upload and replace, reviewers see it too (the role is
  // checked before the body or id is looked at).
  { name: 'GET /api/v8/console/media', request: { url: '/api/v8/console/media?kind=image&page=1&size=20' }, roles: ['editor', 'reviewer'] },
  {
    name: 'GET /api/v8/console/media/{id}',
    request: { url: '/api/v8/console/media/aaaaaaaaaaaaaaaa' },
    roles: ['editor', 'reviewer'],
    allowed: 404,
  },
  {
    name: 'GET /api/v8/console/media/{id}/files/{name}',
    request: { url: '/api/v8/console/media/aaaaaaaaaaaaaaaa/files/aaaaaaaaaaaaaaaa.320.0123456789.webp' },
    roles: ['editor', 'reviewer'],
    allowed: 404,
  },
  {
    name: 'POST /api/v8/console/media',
    request: { method: 'POST', url: '/api/v8/console/media', payload: { alt: '图片' } },
    roles: ['editor'],
    allowed: 400,
  },
  {
    name: 'PUT /api/v8/console/media/{id}',
    request: { method: 'PUT', url: '/api/v8/console/media/aaaaaaaaaaaaaaaa', payload: { alt: '新的替代文字' } },
    roles: ['editor'],
    allowed: 404,
  },
];

/** Issue #29: one row per console route, with who may use it (admin passes every check). */
function consoleRows(): RoleRoute[] {
  const C = '/api/v8/console';
  const REV = 'revaaaaaaaaaaaaaaaaaaaa';
  const lamp = { kind: 'thing', itemId: 'lamp', source: { format: 'json', value: { id: 'lamp', name: '艾灸灯', price: 199 } } };
  const desk: GrantableRole[] = ['editor', 'reviewer'];
  const row = (name: string, request: InjectOptions, roles: GrantableRole[], allowed?: number): RoleRoute => ({
    name,
    request: { ...request, url: `${C}${request.url}` },
    roles,
    ...(allowed ? { allowed } : {}),
  });
  return [
    row(`GET ${C}/me`, { url: '/me' }, desk),
    row(`GET ${C}/kinds`, { url: '/kinds' }, desk),
    row(`GET ${C}/kinds/{kind}/items`, { url: '/kinds/thing/items' }, desk),
    row(`GET ${C}/kinds/{kind}/items/{id}`, { url: '/kinds/thing/items/lamp' }, desk),
    row(`GET ${C}/kinds/{kind}/items/{id}/versions`, { url: '/kinds/thing/items/lamp/versions' }, desk),
    row(`GET ${C}/kinds/{kind}/items/{id}/versions/{version}`, { url: '/kinds/thing/items/lamp/versions/0' }, desk),
    // No version is kept yet: the role check passed, the version is not there.
    row(
      `POST ${C}/kinds/{kind}/items/{id}/versions/{version}/rollback`,
      { method: 'POST', url: '/kinds/thing/items/lamp/versions/3/rollback' },
      ['editor'],
      404,
    ),
    row(`POST ${C}/check`, { method: 'POST', url: '/check', payload: lamp }, desk),
    row(`GET ${C}/revisions`, { url: '/revisions?mine=true' }, desk),
    // A kind that cannot be edited one by one: refused after the role check, nothing written.
    row(`POST ${C}/revisions`, { method: 'POST', url: '/revisions', payload: { ...lamp, kind: 'frozen' } }, ['editor'], 400),
    row(`GET ${C}/revisions/{id}`, { url: `/revisions/${REV}` }, desk, 404),
    row(`PUT ${C}/revisions/{id}`, { method: 'PUT', url: `/revisions/${REV}`, payload: { source: lamp.source } }, ['editor'], 404),
    row(`POST ${C}/revisions/{id}/submit`, { method: 'POST', url: `/revisions/${REV}/submit` }, ['editor'], 404),
    row(`POST ${C}/revisions/{id}/withdraw`, { method: 'POST', url: `/revisions/${REV}/withdraw` }, desk, 404),
    row(
      `POST ${C}/revisions/{id}/approve`,
      { method: 'POST', url: `/revisions/${REV}/approve`, payload: { publishAt: null } },
      ['reviewer'],
      404,
    ),
    row(
      `POST ${C}/revisions/{id}/reject`,
      { method: 'POST', url: `/revisions/${REV}/reject`, payload: { comment: '请核对价格' } },
      ['reviewer'],
      404,
    ),
    row(`POST ${C}/revisions/{id}/preview`, { method: 'POST', url: `/revisions/${REV}/preview` }, desk, 404),
    row(`GET ${C}/audit`, { url: '/audit?limit=10' }, ['reviewer']),
    row(`GET ${C}/audit.csv`, { url: '/audit.csv' }, ['reviewer']),
    row(`GET ${C}/staff`, { url: '/staff' }, []),
    row(`PUT ${C}/staff/{id}/roles`, { method: 'PUT', url: `/staff/${NO_CASE}/roles`, payload: { roles: ['editor'] } }, [], 404),
    row(`POST ${C}/staff`, { method: 'POST', url: '/staff', payload: { mobile: '12345', roles: ['editor'] } }, [], 400),
  ];
}
