import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { caseRepository } from '../apps/server/src/cases/case-repository.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { logIn } from './lib/login.ts';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/** One advisor per mode, each in a number block of its own: the e2e server caps codes per number and per block (all but the last 4 digits). */
const ADVISORS = ['13500135402', '13400134403'];
const OWNER = '+8613900139401';
const HOUR = 3_600_000;
const SEEDED = 45;

/**
 * Issue #27 item 4 in Chromium: the advisors' queue shows the open cases page by page, red-flag cases
 * first and then the longest waiting, each with how long it has waited; scrolling or 加载更多 brings the
 * rest. Cases are written straight into the e2e server's database and deleted afterwards.
 * SHOTS=<dir> saves screenshots (normal and 长辈版).
 */
describe.skipIf(!hasBrowser())('the advisors’ queue pages (issue #27 item 4)', () => {
  let browser: Browser;
  let db: Db;
  let ownerId: string;
  const ids: string[] = [];
  beforeAll(async () => {
    browser = await launch();
    db = openDatabase('', join(dirname(inject('logPath')), 'app.db'));
    const users = userRepository(db, Date.now);
    ownerId = (await users.findOrCreate(OWNER)).id;
    for (const a of ADVISORS) await users.grant((await users.findOrCreate(`+86${a}`)).id, 'advisor');
    // 45 cases over the last two days: the oldest and the newest name a red-flag symptom.
    let at = Date.now() - 2 * 24 * HOUR;
    const repo = caseRepository(db, () => at);
    for (let i = 0; i < SEEDED; i++) {
      at += HOUR;
      const flagged = i === 0 || i === SEEDED - 1;
      const complaint = flagged ? `第 ${i + 1} 位：胸口痛，想艾灸` : `第 ${i + 1} 位：膝盖怕冷，想艾灸调理`;
      const request = {
        gender: 'female' as const,
        age: 50 + (i % 20),
        disease: null,
        complaint,
        symptoms: flagged ? '这两天胸痛，爬楼喘不上气' : '天冷膝盖发凉',
        duration: 'month' as const,
        seenDoctor: false,
        physicalRecordId: null,
        contactTime: 'any' as const,
        notifySms: false,
      };
      ids.push(await repo.create(ownerId, request, flagged, []));
    }
  }, 60_000);
  afterAll(async () => {
    const repo = caseRepository(db, Date.now);
    for (const id of ids) await repo.delete(id, ownerId);
    await db.destroy();
    await browser?.close();
  });

  for (const elder of [false, true]) {
    it(`${elder ? '长辈版' : 'normal'}: red-flag cases first with their wait, the rest by scrolling and 加载更多`, async () => {
      const adv = await phonePage(browser);
      const p = adv.page;
      if (elder) await p.context().addInitScript(() => localStorage.setItem('moxaElderMode', '1'));
      await p.goto('/login');
      await logIn(p, ADVISORS[elder ? 1 : 0]!);
      await p.goto('/advisor');
      await expect.poll(() => p.title()).toBe('咨询队列');
      const rows = p.getByRole('list', { name: '咨询' }).getByRole('link');
      await expect.poll(() => rows.count()).toBe(20);
      expect(await p.getByRole('button', { name: '未关闭', pressed: true }).count()).toBe(1);
      await p.getByText(/共 \d+ 条，其中 \d+ 条需提醒就医/).waitFor();
      // The two red-flag cases come first, the one waiting longest on top, each with its wait shown.
      await expect.poll(() => rows.nth(0).textContent()).toContain('第 1 位：胸口痛');
      expect(await rows.nth(0).textContent()).toMatch(/需提醒就医.*等待 1 天/);
      expect(await rows.nth(1).textContent()).toMatch(/第 45 位：胸口痛.*需提醒就医|需提醒就医.*第 45 位：胸口痛/);
      expect(await rows.nth(1).textContent()).toMatch(/等待 \d+ 小时/);
      // Then the longest waiting.
      expect(await rows.nth(2).textContent()).toContain('第 2 位：膝盖怕冷');
      if (process.env.SHOTS) {
        mkdirSync(process.env.SHOTS, { recursive: true });
        await p.screenshot({ path: join(process.env.SHOTS, `advisor-queue${elder ? '-elder' : ''}.png`) });
      }
      // Scrolling to the foot loads the next page; 加载更多 does the same.
      await p.locator('.load-more').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count()).toBeGreaterThan(20);
      const more = p.getByRole('button', { name: '加载更多' });
      while ((await p.getByText(/已全部显示/).count()) === 0) {
        // Scrolling may load first and replace the button between the check and the tap: then the tap is moot.
        if (await more.isVisible()) await more.click({ timeout: 5000 }).catch(() => undefined);
        await p.locator('.load-more').scrollIntoViewIfNeeded();
      }
      const shown = await rows.allTextContents();
      for (let i = 1; i < SEEDED - 1; i++) expect(shown.filter((t) => t.includes(`第 ${i + 1} 位：`))).toHaveLength(1);
      expect(new Set(await rows.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).size).toBe(shown.length);
      if (process.env.SHOTS) await p.screenshot({ path: join(process.env.SHOTS, `advisor-queue-end${elder ? '-elder' : ''}.png`) });
      expect(adv.problems).toEqual([]);
      await p.context().close();
    });
  }
});
