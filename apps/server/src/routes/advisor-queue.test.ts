import type { AdvisorCaseSummary, AdvisorQueuePage } from '@moxa/core/cases/case-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseRepository, encodeQueueCursor } from '../cases/case-repository.ts';
import { grantConsents } from '../../test/support/consent-helpers.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

const MINUTE = 60_000;
/** More cases than the old queue's fixed limit of 500. */
const CASES = 560;

type Made = { id: string; redFlag: boolean; status: 'submitted' | 'processing' | 'replied' | 'closed' };

/**
 * Issue #27 item 4: advisors see every consultation however many exist. The queue pages by cursor; the
 * default view holds the open cases, red-flag cases waiting for an answer first, then the longest
 * waiting. On both databases, with cases inserted straight through the repository for speed.
 */
describe.each(DIALECTS)('the advisors’ queue with more than 500 cases on %s (issue #27 item 4)', (dialect) => {
  let t: TestApp;
  let advisor: string;
  let user: { token: string; userId: string };
  const made: Made[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const a = await loginAs(t, '13900139611');
    await userRepository(t.db, Date.now).grant(a.userId, 'advisor');
    advisor = a.token;
    user = await loginAs(t, '13900139612');
    await grantConsents(t, user.token, ['consultation']);
    // 560 cases over the last days, two at each minute (ties are broken by id): every 40th a red flag,
    // every 7th answered, every 11th closed.
    let now = t.clock.now() - CASES * MINUTE;
    const repo = caseRepository(t.db, () => now);
    for (let i = 0; i < CASES; i++) {
      if (i % 2 === 0) now += 2 * MINUTE;
      const redFlag = i % 40 === 3;
      const id = await repo.create(user.userId, consultationRequest(redFlag ? '胸痛' : `第 ${i} 条`), redFlag, []);
      let status: Made['status'] = 'submitted';
      if (i % 7 === 0) {
        await repo.addMessage((await repo.get(id))!, { author: 'advisor', authorName: '顾问', body: '建议' });
        status = 'replied';
      } else if (i % 11 === 0) {
        await repo.setStatus((await repo.get(id))!, 'closed');
        status = 'closed';
      } else if (i % 5 === 0) {
        await repo.setStatus((await repo.get(id))!, 'processing');
        status = 'processing';
      }
      made.push({ id, redFlag, status });
    }
  }, 120_000);
  afterAll(async () => t.close());

  const get = async (query: string, token = advisor) => {
    const res = await t.app.inject({ url: `/api/v8/advisor/cases${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AdvisorQueuePage;
  };
  /** Every page of a view, following nextCursor; `between` runs after each page. */
  const all = async (query: string, between: () => Promise<void> = async () => {}) => {
    const items: AdvisorCaseSummary[] = [];
    /** When each case began waiting, from its page's time (the clock moves between pages). */
    const since = new Map<string, number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = query ? '&' : '?';
      const page: AdvisorQueuePage = await get(cursor ? `${query}${sep}cursor=${cursor}` : query);
      items.push(...page.items);
      for (const c of page.items) since.set(c.id, t.clock.now() - c.waiting);
      cursor = page.nextCursor;
      pages++;
      await between();
    } while (cursor && pages < 100);
    return { items, pages, since };
  };
  const group = (c: AdvisorCaseSummary) => (c.status === 'replied' ? 2 : 0) + (c.redFlag ? 0 : 1);

  it('shows a new red-flag case on the first page of the default view', async () => {
    const body = multipartBody({ data: JSON.stringify(consultationRequest('昨晚开始胸痛，喘不上气')) }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
    });
    expect(res.json().data.redFlag).toBe(true);
    const fresh = res.json().data.id as string;
    made.push({ id: fresh, redFlag: true, status: 'submitted' });
    const first = await get('');
    expect(first.items).toHaveLength(20);
    expect(first.items.map((c) => c.id)).toContain(fresh);
    // Every red-flag case waiting for an answer comes before anything else, the longest waiting first.
    const flagged = made.filter((m) => m.redFlag && (m.status === 'submitted' || m.status === 'processing'));
    expect(flagged.length).toBeLessThan(20);
    expect(first.items.slice(0, flagged.length).every((c) => c.redFlag && c.status !== 'replied')).toBe(true);
    expect(first.items.slice(0, flagged.length).at(-1)!.id).toBe(fresh);
    expect(first.flagged).toBe(flagged.length);
    expect(first.total).toBe(made.filter((m) => m.status !== 'closed').length);
    expect(first.total).toBeGreaterThan(500);
  });

  it('pages through the default view: every open case exactly once, in queue order, while new cases arrive', async () => {
    const open = new Set(made.filter((m) => m.status !== 'closed').map((m) => m.id));
    const repo = caseRepository(t.db, t.clock.now);
    const arrived: string[] = [];
    const { items, pages, since } = await all('?size=50', async () => {
      // A case opened while the advisor scrolls, red-flag or not, never shifts what follows.
      t.clock.advance(MINUTE);
      const redFlag = arrived.length % 2 === 0;
      arrived.push(await repo.create(user.userId, consultationRequest(redFlag ? '胸闷' : '腰酸'), redFlag, []));
    });
    expect(pages).toBeGreaterThan(10);
    const ids = items.map((c) => c.id);
    expect(new Set(ids).size, 'no case twice').toBe(ids.length);
    expect(ids.filter((id) => open.has(id)).sort()).toEqual([...open].sort());
    expect(items.some((c) => c.status === 'closed')).toBe(false);
    const known = items.filter((c) => open.has(c.id));
    for (let i = 1; i < known.length; i++) {
      const [a, b] = [known[i - 1]!, known[i]!];
      expect(group(a)).toBeLessThanOrEqual(group(b));
      if (group(a) === group(b) && group(a) < 2) expect(since.get(a.id)!).toBeLessThanOrEqual(since.get(b.id)!);
    }
    expect(known.findIndex((c) => c.status === 'replied')).toBeGreaterThan(known.findLastIndex((c) => c.status !== 'replied'));
  });

  it('keeps the status filters: each status alone, every case once; 已关闭 newest first', async () => {
    for (const status of ['submitted', 'processing', 'replied', 'closed'] as const) {
      const { items } = await all(`?status=${status}&size=30`);
      const ids = items.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(items.every((c) => c.status === status)).toBe(true);
      const expected = made.filter((m) => m.status === status).map((m) => m.id);
      expect(ids.filter((id) => expected.includes(id)).sort(), status).toEqual(expected.sort());
    }
    const closed = (await all('?status=closed&size=30')).items;
    const order = made.filter((m) => m.status === 'closed').map((m) => m.id);
    expect(closed.map((c) => c.id)).toEqual(order.reverse());
  });

  it('counts the wait from the request: an internal note does not reset it', async () => {
    const waitingOf = async (id: string) => (await all('?size=100')).items.find((c) => c.id === id)!.waiting;
    const m = made.find((x) => x.status === 'submitted' && !x.redFlag)!;
    const before = await waitingOf(m.id);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${m.id}/replies`,
      payload: { body: '先查一下资料', internal: true },
      headers: { authorization: `Bearer ${advisor}` },
    });
    expect(note.statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect(await waitingOf(m.id)).toBe(before + MINUTE);
  });

  it('refuses a cursor that is not one of ours in Chinese', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('9.1.x').toString('base64url'), encodeQueueCursor({ rank: 1, at: 1, id: 'x' })]) {
      const res = await t.app.inject({ url: `/api/v8/advisor/cases?cursor=${cursor}`, headers: { authorization: `Bearer ${advisor}` } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('翻页位置不正确，请刷新后重试');
    }
    const bad = await t.app.inject({ url: '/api/v8/advisor/cases?cursor=%2F..%2F', headers: { authorization: `Bearer ${advisor}` } });
    expect(bad.statusCode).toBe(400);
    // Someone without the role learns nothing from a cursor: 403 first.
    const res = await t.app.inject({
      url: `/api/v8/advisor/cases?cursor=${encodeQueueCursor({ rank: 1, at: 1, id: made[0]!.id })}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
