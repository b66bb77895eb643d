import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseRepository } from '../apps/server/src/cases/case-repository.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { postgresBackends, suiteSqlite, type Deployment } from './lib/backends.ts';
import { logIn, storedLogin } from './lib/login.ts';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/** Number blocks no other e2e file uses (the e2e server caps codes per block). */
const ADVISOR = '15700301501';
const REVIEWER = '15800301502';
const USER = '15900301503';

/** The 4-digit runs of a number: none may show on any page (issue #30). */
const windows = (mobile: string) => Array.from({ length: mobile.length - 3 }, (_, i) => mobile.slice(i, i + 4));

/** A call to the API as the page's logged-in account (the console app is not part of the H5). */
async function api(page: Page, method: string, path: string): Promise<{ status: number; msg: string }> {
  const login = await storedLogin(page);
  return page.evaluate(
    async ([m, p, token]) => {
      const res = await fetch(p!, { method: m, headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
    },
    [method, path, login!.token] as const,
  );
}

/**
 * Issue #30 in Chromium: an advisor fills in their profile on 咨询队列 and goes on duty; it waits for
 * review; a reviewer (another account) approves it in the console; the user's case thread then shows the advisor's name,
 * title and a neutral avatar instead of 顾问 + 昵称 — and no digits of the advisor's number anywhere.
 * On the suite's SQLite server, and on PostgreSQL where the advisor and the reviewer work on one instance
 * and the user reads the thread on the other.
 * SHOTS=<dir> saves screenshots at 375 × 812.
 */
describe.skipIf(!hasBrowser()).each([suiteSqlite, ...postgresBackends()])('advisor profiles on $name (issue #30)', (backend) => {
  let browser: Browser;
  let app: Deployment;
  let db: Db;
  let userId: string;
  let advisorId: string;
  let caseId: string;
  /** The console's table loaded and faded in (antd dims it while loading). */
  const settled = (p: Page) =>
    p.waitForFunction(() => [...document.querySelectorAll('.ant-spin-container')].every((e) => getComputedStyle(e).opacity === '1'));
  const shot = async (p: Page, name: string) => {
    if (!process.env.SHOTS) return;
    // Not under a toast.
    await p.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
    mkdirSync(process.env.SHOTS, { recursive: true });
    await p.screenshot({ path: join(process.env.SHOTS, `${name}.png`) });
  };

  beforeAll(async () => {
    browser = await launch();
    app = await backend.start();
    db = app.db;
    const users = userRepository(db, Date.now);
    userId = (await users.findOrCreate(`+86${USER}`)).id;
    const advisor = await users.findOrCreate(`+86${ADVISOR}`);
    advisorId = advisor.id;
    await users.grant(advisorId, 'advisor');
    await users.grant((await users.findOrCreate(`+86${REVIEWER}`)).id, 'reviewer');
    const repo = caseRepository(db, Date.now);
    caseId = await repo.create(
      userId,
      {
        gender: 'female',
        age: 61,
        disease: null,
        complaint: '晚上睡不好，想艾灸调理',
        symptoms: '入睡难，夜里醒两三次',
        duration: 'month',
        seenDoctor: false,
        physicalRecordId: null,
        contactTime: 'any',
        notifySms: false,
      },
      false,
      [],
    );
    // The advisor's reply, as the reply route writes it (signed 顾问 + 昵称).
    await repo.addMessage((await repo.get(caseId))!, {
      author: 'advisor',
      advisorId,
      authorName: `顾问${advisor.name.replace(/^用户/, '')}`,
      body: '可以每晚睡前灸涌泉穴，每次10分钟。',
    });
  }, 120_000);
  afterAll(async () => {
    // The suite's server is shared: with an advisor on duty, new-case notices would go to them only
    // (decision 043), and other files' advisors would hear of nothing. Off duty again.
    if (db) {
      await db.updateTable('advisor_profiles').set({ on_duty: 0 }).execute();
      await caseRepository(db, Date.now).delete(caseId, userId);
    }
    await app?.stop();
    await browser?.close();
  });

  it('the advisor submits a profile and goes on duty, a reviewer approves, the user sees name and title', async () => {
    const adv = await phonePage(browser, { base: app.staffUrl });
    const a = adv.page;
    await a.goto('/login');
    await logIn(a, ADVISOR, app.staffLog);
    await a.goto('/advisor');
    await expect.poll(() => a.title()).toBe('咨询队列');
    const panel = a.getByRole('region', { name: '我的顾问资料' });
    await panel.getByText('未设置').waitFor();
    const duty = panel.getByRole('switch', { name: /在岗/ });
    expect(await duty.getAttribute('aria-checked')).toBe('false');
    await duty.click();
    await expect.poll(() => duty.getAttribute('aria-checked')).toBe('true');

    await panel.getByRole('button', { name: '填写资料' }).click();
    // A number in the name is refused in the form, with the server's message; nothing is sent.
    await panel.getByLabel('名称').fill('李静1570');
    await panel.getByLabel('头衔').fill('艾灸调理顾问');
    await panel.getByLabel('简介').fill('从事艾灸调理多年，擅长失眠和怕冷的调理。');
    await panel.getByRole('button', { name: '提交审核' }).click();
    await panel.getByText('顾问名称里不能有连着的4个数字，以免露出手机号').waitFor();
    await panel.getByLabel('名称').fill('李静');
    await shot(a, 'advisor-profile-form');
    await panel.getByRole('button', { name: '提交审核' }).click();
    await panel.getByText('待审核').waitFor();
    await panel.getByText('审核通过后，用户会在咨询里看到新资料').waitFor();
    await shot(a, 'advisor-profile-pending');

    // Until a reviewer approves, the user still sees 顾问 + 昵称; the advisor cannot approve their own.
    expect((await api(a, 'POST', `/api/v8/console/advisors/${advisorId}/approve`)).status).toBe(403);
    // The reviewer approves in the console (顾问资料), signed in with a fresh SMS code.
    const revContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', baseURL: app.staffUrl });
    const r = await revContext.newPage();
    const revProblems: string[] = [];
    // A 401 is the console asking who is signed in before the login (as phonePage ignores it).
    r.on('console', (m) => void (m.type() === 'error' && !/status of 401/.test(m.text()) && revProblems.push(m.text())));
    r.on('pageerror', (e) => revProblems.push(e.message));
    await r.goto('/console/login');
    await logIn(r, REVIEWER, app.staffLog);
    await r.waitForURL('**/console/content');
    await r.getByRole('menuitem', { name: '顾问资料' }).click();
    const row = r.getByRole('row').filter({ hasText: '李静 · 艾灸调理顾问' });
    await row.getByText('待审核').waitFor();
    await settled(r);
    await shot(r, 'console-advisors-pending');
    await row.getByRole('button', { name: '通过' }).click();
    await r.getByRole('row').filter({ hasText: '已通过' }).filter({ hasText: '李静 · 艾灸调理顾问' }).waitFor();
    await settled(r);
    await shot(r, 'console-advisors-approved');
    expect(revProblems).toEqual([]);

    await a.reload();
    await panel.getByText('已通过').waitFor();
    await shot(a, 'advisor-profile-approved');
    expect(await panel.getByRole('switch', { name: /在岗/ }).getAttribute('aria-checked')).toBe('true');
    // The refused self-approval above is the one expected error.
    expect(adv.problems.filter((m) => !/status of 403/.test(m))).toEqual([]);

    const usr = await phonePage(browser, { base: app.h5Url });
    const u = usr.page;
    await u.goto('/login');
    await logIn(u, USER, app.h5Log);
    await u.goto(`/case/caseDetails/${caseId}`);
    const thread = u.getByRole('list', { name: '对话' });
    await thread.getByText('可以每晚睡前灸涌泉穴').waitFor();
    const reply = thread.getByRole('listitem').first();
    expect(await reply.locator('.case-signer b').textContent()).toBe('李静');
    expect(await reply.locator('.case-signer-title').textContent()).toBe('艾灸调理顾问');
    expect(await reply.locator('.case-avatar-neutral').textContent()).toBe('李');
    expect(await u.locator('.case-advisor-intro').textContent()).toBe('李静 · 艾灸调理顾问从事艾灸调理多年，擅长失眠和怕冷的调理。');
    const box = await reply.locator('.case-avatar').boundingBox();
    expect(box && Math.round(box.width)).toBe(40);
    const text = await u.locator('body').innerText();
    expect(text).not.toContain('顾问' + (await storedLogin(a))!.user.name.replace(/^用户/, ''));
    expect(windows(ADVISOR).filter((w) => text.includes(w))).toEqual([]);
    await reply.scrollIntoViewIfNeeded();
    await shot(u, 'advisor-profile-thread');
    expect(usr.problems).toEqual([]);
    for (const p of [a, r, u]) await p.context().close();
  });
});
