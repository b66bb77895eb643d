import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import type { Questionnaire } from '@moxa/core/physical/physical-contract';
import { scoreAnswers } from '@moxa/core/physical/scoring';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { allRoutes, type RouteDef } from '../../apps/web/src/config/routes.ts';
import { grantConsents } from './consent.ts';
import { logIn } from './login.ts';
import { baseUrl } from './page.ts';

/**
 * The routes the accessibility and 长辈版 sweeps open (issue #18: all of them): every route of the
 * table, and the not-found screen. Each opens at its row's `sample` URL, else at its path
 * (config/routes.ts; config/routes.test.ts checks every route has one that opens it).
 * `{caseId}` and `{localKey}` are filled by `prepareFixtures` (a consultation and a constitution
 * result made for the run).
 */
export { allRoutes };

/** Staff and user account of these checks: one number, granted the advisor role, owning one consultation. */
const MOBILE = '13900018018';

export type Fixtures = {
  caseId: string;
  courseId: string;
  localKey: string;
  localResult: string;
  login: Awaited<ReturnType<BrowserContext['storageState']>>;
};

/** A local constitution result (what the device keeps after the questionnaire), so the result screens show one. */
async function localResult(): Promise<{ key: string; json: string }> {
  const res = await fetch(`${baseUrl()}/api/v8/physical/questions?gender=female`);
  const q = ((await res.json()) as { data: Questionnaire }).data;
  const answers = Object.fromEntries(q.questions.map((x, i) => [x.id, (i % 5) + 1]));
  const key = 'a11y-sample';
  const entry = {
    key,
    createdAt: new Date().toISOString(),
    gender: 'female',
    version: q.version,
    answers,
    result: scoreAnswers(q.questions, 'female', answers),
  };
  return { key, json: JSON.stringify([entry]) };
}

/**
 * Logs in once (advisor role granted the way an operator does, `npm run user`), files one
 * consultation through the API and scores one local result; contexts made by `sampleContext` reuse
 * the login.
 */
export async function prepareFixtures(browser: Browser): Promise<Fixtures> {
  execFileSync(process.execPath, ['scripts/user.ts', 'grant', 'advisor', MOBILE], {
    env: { ...process.env, SQLITE_PATH: join(dirname(inject('logPath')), 'app.db'), DATABASE_URL: '' },
  });
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await logIn(page, MOBILE);
  const login = await context.storageState();
  const token = (JSON.parse((await page.evaluate(() => localStorage.getItem('keyLoginInfo'))) ?? '{}') as { token: string }).token;
  await context.close();
  // Issue #27 item 15: the consultation's separate consent, given once for the account (and the log's, for a course).
  await grantConsents(token, ['consultation', 'moxa-log']);
  const form = new FormData();
  const request = {
    gender: 'female',
    age: 62,
    disease: null,
    complaint: '膝盖怕冷',
    symptoms: '天冷膝盖发凉，上下楼梯酸',
    duration: DURATION,
    seenDoctor: false,
    physicalRecordId: null,
    contactTime: CONTACT_TIME,
    notifySms: false,
  };
  form.append('data', JSON.stringify(request));
  const res = await fetch(`${baseUrl()}/api/v8/consultations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/v8/consultations: ${res.status} ${await res.text()}`);
  const caseId = ((await res.json()) as { data: { id: string } }).data.id;
  // Issue #31: a course of the same account.
  const course = await fetch(`${baseUrl()}/api/v8/me/courses`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scheme: { kind: 'disease', id: 'insomnia' }, frequency: 'daily', time: '08:00', sessions: 10, channel: 'sms' }),
  });
  if (!course.ok) throw new Error(`POST /api/v8/me/courses: ${course.status} ${await course.text()}`);
  const courseId = ((await course.json()) as { data: { id: string } }).data.id;
  const local = await localResult();
  return { caseId, courseId, localKey: local.key, localResult: local.json, login };
}

const DURATION = 'half-year';
const CONTACT_TIME = 'any';

/** The URL a route is opened at (of its full path, as `allRoutes` gives it), with the fixtures filled in. */
export function sampleUrl(path: string, f: Fixtures): string {
  const route = allRoutes().find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path} in config/routes.ts`);
  return (route.sample ?? route.path)
    .replace('{caseId}', f.caseId)
    .replace('{courseId}', f.courseId)
    .replace('{localKey}', encodeURIComponent(f.localKey));
}

/** Whether a route needs the logged-in context. */
export const needsLogin = (r: RouteDef): boolean => Boolean(r.guard || r.roles?.length);

/**
 * A phone context for the checks: 长辈版 on or off from the first script, the local constitution
 * result on the device, and logged in when asked.
 */
export async function sampleContext(
  browser: Browser,
  f: Fixtures,
  { elder, loggedIn, width = 375 }: { elder: boolean; loggedIn: boolean; width?: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    baseURL: baseUrl(),
    ...(loggedIn ? { storageState: f.login } : {}),
  });
  await context.addInitScript(
    ([on, results]) => {
      if (on) localStorage.setItem('moxaElderMode', '1');
      else localStorage.removeItem('moxaElderMode');
      if (!localStorage.getItem('physical:results')) localStorage.setItem('physical:results', results);
    },
    [elder, f.localResult] as const,
  );
  return context;
}

/** Waits until the screen has rendered its data: no skeleton or busy region left, fonts in. */
export async function settle(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton, .adm-skeleton'), null, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
