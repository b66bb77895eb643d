import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import type { Questionnaire } from '@moxa/core/physical/physical-contract';
import { scoreAnswers } from '@moxa/core/physical/scoring';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../../apps/web/src/config/routes.ts';
import { grantConsents } from './consent.ts';
import { logIn } from './login.ts';
import { baseUrl } from './page.ts';

/**
 * One real URL for every route of the route table (issue #18: the accessibility and 长辈版 checks run
 * on all of them). A route added to apps/web/src/config/routes.ts without a sample here fails
 * `missingSamples`, so new screens join the checks. `{caseId}` and `{localKey}` are filled by
 * `prepareFixtures` (a consultation and a constitution result made for the run).
 */
export const SAMPLES: Readonly<Record<string, string>> = {
  '/': '/',
  '/acupoint': '/acupoint',
  '/acupoint_detail/:id': '/acupoint_detail/ST36',
  '/meridian_detail/:id': '/meridian_detail/ST',
  '/acupoint_search': '/acupoint_search',
  '/product': '/product',
  '/more_product/:type': '/more_product/moxa-box',
  '/product_detail/:id': '/product_detail/portable-moxa-box',
  '/product_marketing/:id': '/product_marketing/portable-moxa-box',
  '/videos': '/videos',
  '/brand/videos': '/brand/videos',
  '/health/videos': '/health/videos',
  '/video_detail/:id': '/video_detail/find-zusanli',
  '/login': '/login',
  '/disease_types': '/disease_types',
  '/disease_list/:uuid': '/disease_list/343f9fdf-d805-450e-a7a3-437e8a71f51d',
  '/disease_detail/:id': '/disease_detail/insomnia',
  '/notice': '/notice',
  '/notice_list/:type': '/notice_list/prepare',
  '/notice_detail/:id': '/notice_detail/mild-moxa',
  '/problems': '/problems',
  '/problem_detail/:id': '/problem_detail/beginner-kit',
  '/search/:type': `/search/all?q=${encodeURIComponent('艾灸')}`,
  '/physical': '/physical',
  '/physical_question': '/physical_question',
  '/physical/record': '/physical/record',
  '/physical/detail': '/physical/detail',
  '/physical/computing_method': '/physical/computing_method?local={localKey}',
  '/physical/conditioning_cheme': '/physical/conditioning_cheme?type=yangxu',
  '/case/caseDetails/:caseId': '/case/caseDetails/{caseId}',
  '/single-order-h5/ConsultationH5': '/single-order-h5/ConsultationH5',
  '/advisor': '/advisor',
  '/advisor/case/:caseId': '/advisor/case/{caseId}',
  '/moxa_session': '/moxa_session?disease=insomnia',
  '/moxa_log': '/moxa_log',
  '/mine': '/mine',
  '/mine/favorites': '/mine/favorites',
  '/mine/history': '/mine/history',
  '/mine/delete_account': '/mine/delete_account',
  '/mine/consents': '/mine/consents',
  '/mine/nickname': '/mine/nickname',
  '/mine/data': '/mine/data',
  '/privacy': '/privacy',
  '/terms': '/terms',
  '/authorize': '/authorize',
  '/test': '/test',
  '/glossary': '/glossary?term=tongshencun',
  // Issue #31.
  '/mine/notifications': '/mine/notifications',
  '/course_new': '/course_new?scheme=disease:insomnia',
  '/course/:id': '/course/{courseId}',
  [NOT_FOUND_ROUTE.path]: '/no/such/page',
};

/** Every route of the table, flattened (layouts and their children), plus the not-found screen. */
export function allRoutes(): RouteDef[] {
  const out: RouteDef[] = [];
  const walk = (defs: readonly RouteDef[], prefix: string, inherited: Pick<RouteDef, 'guard' | 'roles'>) => {
    for (const def of defs) {
      const path = def.path.startsWith('/') ? def.path : `${prefix.replace(/\/$/, '')}/${def.path}`;
      const own = { guard: def.guard ?? inherited.guard, roles: def.roles ?? inherited.roles };
      out.push({ ...def, ...own, path });
      if (def.children) walk(def.children, path, own);
    }
  };
  walk(ROUTES, '', {});
  return [...out, NOT_FOUND_ROUTE];
}

/** Paths of the route table that have no sample URL here. */
export const missingSamples = (): string[] => allRoutes().flatMap((r) => (r.path in SAMPLES ? [] : [r.path]));

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

/** The URL of a route's sample, with the fixtures filled in. */
export const sampleUrl = (path: string, f: Fixtures): string =>
  SAMPLES[path]!.replace('{caseId}', f.caseId).replace('{courseId}', f.courseId).replace('{localKey}', encodeURIComponent(f.localKey));

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
