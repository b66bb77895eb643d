import jsQR from 'jsqr';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSTITUTION_NAMES,
  VERDICT_LABELS,
  type Answers,
  type PhysicalResult,
  type Questionnaire,
} from '@moxa/core/physical/physical-contract';
import { formatScore, scoreAnswers } from '@moxa/core/physical/scoring';
import { grantConsents } from './lib/consent.ts';
import { logIn } from './lib/login.ts';
import { baseUrl, hasBrowser, holdTakeover, launch, phonePage } from './lib/page.ts';

/** What the server asks a woman (issue #5: 60 questions, one differs by gender). */
async function femaleQuestionnaire(): Promise<Questionnaire> {
  const res = await fetch(`${baseUrl()}/api/v8/physical/questions?gender=female`);
  return ((await res.json()) as { data: Questionnaire }).data;
}

const answerAll = (q: Questionnaire, value: (i: number) => number): Answers =>
  Object.fromEntries(q.questions.map((x, i) => [x.id, value(i)]));
const allButLast = (q: Questionnaire, answers: Answers): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([id]) => id !== q.questions[59]!.id));

/** The page's answer buttons: 没有 1 … 总是 5. */
const LABELS = ['没有', '很少', '有时', '经常', '总是'] as const;
const progress = (page: Page, n: number) => page.getByText(`第 ${n} / 60 题`, { exact: true });

/** Question n is on screen (the 答题进度 bar), checked every frame: locator waits back off to 500 ms. */
const onQuestion = (page: Page, n: number) =>
  page.waitForFunction((want) => document.querySelector('[aria-label="答题进度"]')?.getAttribute('aria-valuenow') === want, String(n), {
    polling: 'raf',
  });

/** Taps an answer on question n (1-based) and waits for the next one to slide in. */
async function answer(page: Page, n: number, value: number) {
  await onQuestion(page, n);
  await page.getByRole('radio', { name: new RegExp(`^${LABELS[value - 1]}`) }).click();
  if (n < 60) await onQuestion(page, n + 1);
}

async function storedToken(page: Page): Promise<string> {
  const info = JSON.parse((await page.evaluate(() => localStorage.getItem('keyLoginInfo'))) || '{}') as { token?: string };
  expect(info.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return info.token!;
}

async function api<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The device key of a constitution item: per user when logged in (issue #13 item 7). */
const ownKey = (page: Page, key: string) =>
  page.evaluate((k) => {
    const id = (JSON.parse(localStorage.getItem('keyLoginInfo') || '{}') as { user?: { id?: string } }).user?.id;
    return id ? `u:${id}:${k}` : k;
  }, key);

/** Seeds an unfinished questionnaire on the device (what the app writes after each answer). */
async function seedDraft(page: Page, answers: Answers, index: number) {
  const key = await ownKey(page, 'physical:draft');
  await page.evaluate(
    ([k, a, i]) => localStorage.setItem(k, JSON.stringify({ gender: 'female', answers: a, index: i, total: 60, updatedAt: Date.now() })),
    [key, answers, index] as const,
  );
}

/** The result hero, score table and radar of /physical/detail agree with the expected scoring. */
async function expectResult(page: Page, expected: PhysicalResult) {
  const name = expected.primary ? CONSTITUTION_NAMES[expected.primary] : '暂未判定体质';
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  expect(await page.locator('.phy-result-conclusion').textContent()).toBe(`判定结果${expected.conclusion}`);
  const radar = page.getByRole('img', { name: '九种体质转化分雷达图' });
  await radar.waitFor();
  expect(await radar.evaluate((el) => [el.tagName, (el as HTMLCanvasElement).width > 0])).toEqual(['CANVAS', true]);
  const rows = page.getByRole('table').locator('tbody tr');
  expect(await rows.count()).toBe(9);
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.trim())));
  expect(cells).toEqual(
    expected.scales.map((s) => [CONSTITUTION_NAMES[s.type], String(s.raw), formatScore(s.converted), VERDICT_LABELS[s.verdict]]),
  );
}

/** WCAG contrast of an element's text on its own background colour. */
const ownContrast = (el: Element) => {
  const rgb = (c: string) =>
    c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
  const lum = (c: string) => {
    const [r, g, b] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const style = getComputedStyle(el);
  const [a, b] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
  return { ratio: (a! + 0.05) / (b! + 0.05), opacity: Number(style.opacity) };
};

/** The text of the QR code in an <img> on the page (its pixels read through a canvas). */
async function qrInImage(page: Page, selector: string): Promise<string | undefined> {
  const { width, height, pixels } = await page.locator(selector).evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let bin = '';
    for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, pixels: btoa(bin) };
  });
  // jsqr is CommonJS: its default import is module.exports, which carries the function as `default`.
  return jsQR.default(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), width, height)?.data;
}

describe.skipIf(!hasBrowser())('constitution test in Chromium at 375×812 (issue #5)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('keeps the gender chosen before the app took the page over', async () => {
    const { page, problems } = await phonePage(browser, { early: true });
    const takeover = await holdTakeover(page);
    await page.goto('/physical');
    await takeover.requested;
    await page.getByRole('radio', { name: /^男/ }).click();
    await takeover.release();
    await expect.poll(() => page.getByRole('radio', { name: /^男/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: '开始测试' }).click();
    await page.waitForURL('**/physical_question');
    expect(problems).toEqual([]);
  });

  it('takes the 60-question test as a woman, resumes after a reload, saves after logging in, and shows record, method and scheme', async () => {
    const questionnaire = await femaleQuestionnaire();
    expect(questionnaire.questions).toHaveLength(60);
    const expected = scoreAnswers(
      questionnaire.questions,
      'female',
      answerAll(questionnaire, () => 1),
    );
    expect(expected.conclusion).toBe('是平和质');

    const { page, problems } = await phonePage(browser);
    await page.goto('/physical');
    await expect.poll(() => page.title()).toBe('体质测试');
    expect(await page.getByRole('button', { name: '请选择性别后开始' }).isDisabled()).toBe(true);
    const female = page.getByRole('radio', { name: /^女/ });
    await female.click();
    expect(await female.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: '开始测试' }).click();
    await page.waitForURL('**/physical_question');

    // First question: progress, no way back yet.
    await progress(page, 1).waitFor();
    expect(await page.getByText('已答 0 题 · 自动保存').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '上一题' }).isDisabled()).toBe(true);
    await answer(page, 1, 1);
    expect(await page.getByText('已答 1 题 · 自动保存').isVisible()).toBe(true);

    // 上一题 shows the earlier answer still chosen; 下一题 goes on without answering again.
    await page.getByRole('button', { name: '上一题' }).click();
    await progress(page, 1).waitFor();
    expect(await page.getByRole('radio', { name: /^没有/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: '下一题' }).click();
    await progress(page, 2).waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);

    for (let n = 2; n <= 30; n++) await answer(page, n, 1);
    // A reload in the middle resumes on the same question with every answer kept.
    await page.reload();
    await progress(page, 31).waitFor();
    expect(await page.getByText('已答 30 题 · 自动保存').isVisible()).toBe(true);
    await page.getByRole('button', { name: '上一题' }).click();
    await progress(page, 30).waitFor();
    expect(await page.getByRole('radio', { name: /^没有/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: '下一题' }).click();

    for (let n = 31; n <= 60; n++) await answer(page, n, 1);
    await page.waitForURL('**/physical/detail?local=*');
    await expectResult(page, expected);
    const localKey = new URL(page.url()).searchParams.get('local');
    expect(await page.evaluate(() => localStorage.getItem('physical:draft'))).toBeNull();

    // 保存到我的记录 logged out → 请先登录 → /login → back on the result, which saves by itself.
    await page.getByRole('button', { name: '保存到我的记录' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('请先登录').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    await logIn(page, '13900005101');
    await page.waitForURL(`**/physical/detail?local=${localKey}`);
    // Issue #27 item 15: the separate consent, asked the first time (e2e/consent.test.ts covers it).
    const consent = page.getByRole('dialog', { name: '保存体质测试记录，需要您单独同意' });
    await consent.getByLabel('您的出生年份').selectOption('1970');
    await consent.getByRole('button', { name: '同意并保存' }).click();
    await page.getByText('已保存到我的记录', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '保存到我的记录' }).count()).toBe(0);

    const token = await storedToken(page);
    const records = await api<{ id: string; result: PhysicalResult }[]>('/api/v8/physical/records', token);
    expect(records).toHaveLength(1);
    expect(records[0]!.result.conclusion).toBe(expected.conclusion);
    const id = records[0]!.id;

    // My records: the trend chart and the one record, which opens its detail.
    await page.getByRole('link', { name: '查看记录' }).click();
    await page.waitForURL('**/physical/record');
    await expect.poll(() => page.title()).toBe('测试记录');
    await page.getByRole('heading', { name: '全部记录（1 次）' }).waitFor();
    const trend = page.getByRole('img', { name: '平和质转化分变化折线图' });
    await trend.waitFor();
    expect(await trend.evaluate((el) => el.tagName)).toBe('CANVAS');
    expect(await page.getByText('平和质转化分，最近一次 75.0 分').isVisible()).toBe(true);
    const row = page.getByRole('link', { name: /平和质\s*是平和质/ });
    expect(await row.count()).toBe(1);
    await row.click();
    await page.waitForURL(`**/physical/detail?id=${id}`);
    await expectResult(page, expected);
    expect(await page.getByRole('button', { name: '保存到我的记录' }).count()).toBe(0);

    // The worked numbers of this record.
    await page.goto(`/physical/computing_method?id=${id}`);
    const worked = page.getByRole('region', { name: '您的计算过程' });
    await worked.waitFor();
    await expect.poll(() => page.title()).toBe('转化分计算方法');
    const text = (await worked.textContent()) ?? '';
    for (const s of expected.scales) {
      expect(text).toContain(`原始分 ${s.raw}，条目数 ${s.items}`);
      expect(text).toContain(`转化分 = (${s.raw} − ${s.items}) ÷ (${s.items} × 4) × 100 = ${formatScore(s.converted)}`);
    }
    expect(text).toContain('平和质 75.0 ≥ 60');
    expect(text).toContain(`结论${expected.conclusion}`);

    // The scheme of the primary type; its acupoints open their detail pages.
    await page.goto(`/physical/conditioning_cheme?type=${expected.primary}`);
    await page.getByRole('heading', { level: 1, name: '平和质调理方案' }).waitFor();
    expect(await page.title()).toBe('调理方案');
    await page.getByRole('heading', { name: '艾灸调理' }).waitFor();
    for (const h of ['饮食调养', '起居调摄', '运动锻炼', '情志调节', '注意事项']) {
      expect(await page.getByRole('heading', { level: 2, name: h }).isVisible(), h).toBe(true);
    }
    const point = page.getByRole('link', { name: /^足三里\s*ST36/ });
    expect(await point.getAttribute('href')).toBe('/acupoint_detail/ST36');
    await point.click();
    await page.waitForURL('**/acupoint_detail/ST36');
    await page.getByRole('heading', { level: 2, name: '足三里' }).waitFor();
    await expect.poll(() => page.title()).toBe('足三里');
    expect(problems).toEqual([]);
  });

  it('a readable waiting start button; the result is titled 体质测试 and its poster has a QR code back to the test (issue #32)', async () => {
    const questionnaire = await femaleQuestionnaire();
    const all = answerAll(questionnaire, () => 1);
    const { page, problems } = await phonePage(browser);
    await page.goto('/physical');
    const waiting = page.getByRole('button', { name: '请选择性别后开始' });
    expect(await waiting.isDisabled()).toBe(true);
    const look = await waiting.evaluate(ownContrast);
    expect(look.opacity).toBe(1);
    expect(look.ratio).toBeGreaterThanOrEqual(4.5);

    await seedDraft(page, allButLast(questionnaire, all), 59);
    await page.goto('/physical_question');
    await answer(page, 60, 1);
    await page.waitForURL('**/physical/detail?local=*');
    await page.getByRole('heading', { level: 2, name: '平和质', exact: true }).waitFor();
    // Spec §2: the route's title, on the screen and in the title bar alike.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('体质测试');
    await expect.poll(() => page.title()).toBe('体质测试');

    await page.getByRole('button', { name: '分享结果' }).click();
    const poster = page.locator('.phy-share img');
    await poster.waitFor();
    await poster.evaluate((img: HTMLImageElement) => img.decode());
    expect(await qrInImage(page, '.phy-share img')).toBe(`${baseUrl()}/physical`);
    expect(problems).toEqual([]);
  });

  it('answering 总是 to everything says the answers point to no one constitution, with no scheme (issue #26)', async () => {
    const questionnaire = await femaleQuestionnaire();
    const all = answerAll(questionnaire, () => 5);
    const expected = scoreAnswers(questionnaire.questions, 'female', all);
    expect(expected.scales.filter((s) => s.type !== 'pinghe').every((s) => s.converted === 100)).toBe(true);

    const { page, problems } = await phonePage(browser);
    await page.goto('/physical');
    // Fast-forward: 59 answers already on the device, as the app leaves them after question 59.
    await seedDraft(page, allButLast(questionnaire, all), 59);
    await page.reload();
    await page.getByRole('heading', { name: '您有一次测试还没做完' }).waitFor();
    expect(await page.getByText('已答 59 / 60 题（女）').isVisible()).toBe(true);
    await page.getByRole('button', { name: '继续上次的测试' }).click();
    await answer(page, 60, 5);
    await page.waitForURL('**/physical/detail?local=*');
    expect(expected.undecided).toBe(true);
    await expectResult(page, expected);
    await page.getByRole('heading', { level: 2, name: '这次的回答没有明显指向某一种体质' }).waitFor();
    expect(await page.getByRole('link', { name: /调理方案$/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^兼有/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '重新测试' }).first().isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('keeps the answers when saving fails, and 重试 saves them once the network is back', async () => {
    const questionnaire = await femaleQuestionnaire();
    const all = answerAll(questionnaire, (i) => (i % 5) + 1);
    const expected = scoreAnswers(questionnaire.questions, 'female', all);

    const { page, problems } = await phonePage(browser);
    await page.goto('/login');
    await logIn(page, '13900005102');
    await page.waitForURL((u) => u.pathname === '/');
    const token = await storedToken(page);
    await grantConsents(token, ['constitution']);

    await seedDraft(page, allButLast(questionnaire, all), 59);
    await page.goto('/physical_question');
    await progress(page, 60).waitFor();
    const posts: string[] = [];
    const abortPost = (r: Route) => {
      if (r.request().method() !== 'POST') return r.continue();
      posts.push(r.request().url());
      return r.abort();
    };
    await page.route('**/api/v8/physical/records', abortPost);
    await answer(page, 60, all[questionnaire.questions[59]!.id]!);

    const failed = page.getByRole('alert');
    await failed.getByRole('heading', { name: '结果已算好，但没能保存到我的记录' }).waitFor();
    expect(await failed.innerText()).toContain('网络不给力，请检查网络后重试。您的答案已保存在本机');
    expect(posts).toHaveLength(1);
    const resultsKey = await ownKey(page, 'physical:results');
    expect(resultsKey).toMatch(/^u:[0-9a-f-]{36}:physical:results$/);
    const kept = await page.evaluate(
      (k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { answers: Answers; savedId?: string }[],
      resultsKey,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.answers).toEqual(all);
    expect(kept[0]!.savedId).toBeUndefined();
    expect(await api<unknown[]>('/api/v8/physical/records', token)).toHaveLength(0);

    await page.unroute('**/api/v8/physical/records', abortPost);
    await failed.getByRole('button', { name: '重试' }).click();
    await page.waitForURL('**/physical/detail?id=*');
    const id = new URL(page.url()).searchParams.get('id')!;
    await expectResult(page, expected);
    const record = await api<{ answers: Answers; result: PhysicalResult }>(`/api/v8/physical/records/${id}`, token);
    expect(record.answers).toEqual(all);
    expect(record.result.conclusion).toBe(expected.conclusion);
    expect(
      await page.evaluate((k) => (JSON.parse(localStorage.getItem(k) ?? '[]') as { savedId?: string }[])[0]?.savedId, resultsKey),
    ).toBe(id);
    expect(problems.filter((p) => !p.includes('net::ERR_FAILED'))).toEqual([]);
  });
});
