import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentList } from '@moxa/core/consent/consent-contract';
import { chinaYear, PRIVACY_POLICY_VERSION } from '@moxa/core/consent/consent-rules';
import type { Questionnaire } from '@moxa/core/physical/physical-contract';
import { scoreAnswers } from '@moxa/core/physical/scoring';
import { logIn, storedLogin } from './lib/login.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

const SHOTS = '/tmp/shots';

async function api<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Two constitution results on the phone, taken while logged out (what the app keeps after the test). */
async function seedResults(page: Page, keys: string[]) {
  const res = await fetch(`${baseUrl()}/api/v8/physical/questions?gender=female`);
  const q = ((await res.json()) as { data: Questionnaire }).data;
  const answers = Object.fromEntries(q.questions.map((x, i) => [x.id, (i % 5) + 1]));
  const result = scoreAnswers(q.questions, 'female', answers);
  const entries = keys.map((key, i) => ({
    key,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
    gender: 'female',
    version: q.version,
    answers,
    result,
  }));
  await page.evaluate((json) => localStorage.setItem('physical:results', json), JSON.stringify(entries));
}

/** Whether a local result was marked as saved to the account. */
const savedId = (page: Page, key: string) =>
  page.evaluate((k) => {
    for (const [name, raw] of Object.entries(localStorage)) {
      if (!name.endsWith('physical:results')) continue;
      const hit = (JSON.parse(raw) as { key: string; savedId?: string }[]).find((r) => r.key === k);
      if (hit) return hit.savedId ?? null;
    }
    return 'missing';
  }, key);

/** 长辈版 inside a sheet: text ≥ 18 px with line height ≥ 1.3, controls ≥ 60 px tall (decision 020). */
const elderProblems = (page: Page, scope: string) =>
  page.evaluate((sel) => {
    const out: string[] = [];
    const root = document.querySelector(sel)!;
    for (const el of root.querySelectorAll<HTMLElement>('h2, p, dt, dd, label, strong, b, button, select, a, option')) {
      if (el.tagName === 'OPTION' || !el.checkVisibility() || !(el.textContent ?? '').trim()) continue;
      const cs = getComputedStyle(el);
      const size = parseFloat(cs.fontSize);
      if (size < 18) out.push(`${el.tagName} "${el.textContent?.slice(0, 12)}" ${size}px`);
      if (parseFloat(cs.lineHeight) / size < 1.3) out.push(`${el.tagName} "${el.textContent?.slice(0, 12)}" line height ${cs.lineHeight}`);
      if (['BUTTON', 'SELECT'].includes(el.tagName) && el.getBoundingClientRect().height < 60)
        out.push(`${el.tagName} "${el.textContent?.slice(0, 12)}" ${el.getBoundingClientRect().height}px tall`);
    }
    return out;
  }, scope);

/**
 * Issue #27 items 15 and 17 end to end: saving a constitution result to the account asks the separate
 * consent (not bundled with login) with the age question; someone under 14 is refused kindly and
 * nothing reaches the server; an adult's consent is recorded and the result saved; 我的 → 隐私与授权
 * shows it and withdraws it, deletion is offered, and the next save asks again.
 */
describe.skipIf(!hasBrowser())('separate consent for health data (issue #27 items 15, 17)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('asks after login, refuses under 14, saves with consent, and asks again after 撤回授权', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/physical');
    await seedResults(page, ['first', 'second']);
    await page.goto('/physical/detail?local=first');

    // 保存到我的记录 → 请先登录 → login (no consent asked there) → back on the result: the consent sheet.
    await page.getByRole('button', { name: '保存到我的记录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByText('单独同意').count()).toBe(0);
    await logIn(page, '13900027001');
    await page.waitForURL('**/physical/detail?local=first');
    const sheet = page.getByRole('dialog', { name: '保存体质测试记录，需要您单独同意' });
    await sheet.waitFor();
    for (const text of ['保存什么', '为什么保存', '谁能看到', '只有您本人', '保存多久', '我的 → 隐私与授权', '结果仍留在这台手机上'])
      await sheet.getByText(text).first().waitFor();
    expect(await sheet.getByRole('link', { name: '阅读《隐私政策》' }).getAttribute('href')).toBe('/privacy');
    await page.screenshot({ path: `${SHOTS}/consent-sheet.png` });
    const { token } = (await storedLogin(page))!;

    // No year picked: asked for it, nothing sent.
    await sheet.getByRole('button', { name: '同意并保存' }).click();
    await sheet.getByRole('alert').getByText('请选择您的出生年份').waitFor();

    // Born 14 years ago (maybe still 13): refused kindly, on the phone; nothing reaches the server.
    const consentPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/v8/')) consentPosts.push(r.url());
    });
    const year = chinaYear(Date.now());
    await sheet.getByLabel('您的出生年份').selectOption(String(year - 14));
    await sheet.getByRole('button', { name: '同意并保存' }).click();
    const child = page.getByRole('dialog', { name: '需要父母或监护人同意' });
    await child.waitFor();
    await child.getByText('未满14周岁').waitFor();
    await child.getByText('这次的结果只保存在这台手机上').waitFor();
    await child.getByText('请爸爸妈妈用他们自己的手机号登录').waitFor();
    await page.screenshot({ path: `${SHOTS}/consent-under-14.png` });
    await child.getByRole('button', { name: '知道了' }).click();
    await child.waitFor({ state: 'detached' });
    expect(consentPosts).toEqual([]);
    expect((await api<ConsentList>('/api/v8/me/consents', token)).history).toEqual([]);
    expect(await api<unknown[]>('/api/v8/physical/records', token)).toEqual([]);
    expect(await savedId(page, 'first')).toBeNull();
    await page.getByRole('heading', { name: '这次结果只存在这台手机上' }).waitFor();

    // An adult: 同意并保存 records the consent and saves the result.
    await page.getByRole('button', { name: '保存到我的记录' }).click();
    await sheet.waitFor();
    await sheet.getByLabel('您的出生年份').selectOption('1962');
    await sheet.getByRole('button', { name: '同意并保存' }).click();
    await page.getByText('已保存到我的记录', { exact: true }).waitFor();
    const records = await api<{ id: string }[]>('/api/v8/physical/records', token);
    expect(records).toHaveLength(1);
    expect(await savedId(page, 'first')).toBe(records[0]!.id);
    const ledger = await api<ConsentList>('/api/v8/me/consents', token);
    expect(ledger.history).toEqual([
      { purpose: 'constitution', policyVersion: PRIVACY_POLICY_VERSION, birthYear: 1962, grantedAt: expect.any(Number), withdrawnAt: null },
    ]);

    // 我的 → 隐私与授权: the consent with its date and policy version.
    await page.goto('/mine');
    await page.getByRole('link', { name: /隐私与授权/ }).click();
    await page.waitForURL('**/mine/consents');
    await expect.poll(() => page.title()).toBe('隐私与授权');
    const row = page.getByRole('region', { name: '保存体质测试记录' });
    await row.getByText('已同意').waitFor();
    await row.getByText(`同意，隐私政策版本 ${PRIVACY_POLICY_VERSION}`).waitFor();
    await page.getByRole('region', { name: '保存艾灸记录' }).getByText('未同意').waitFor();
    await page.getByRole('region', { name: '在线咨询' }).getByText('未同意').waitFor();
    await page.screenshot({ path: `${SHOTS}/consents-screen.png`, fullPage: true });

    // 撤回授权, confirmed: withdrawn, what happens after, and the deletion of what was saved.
    await row.getByRole('button', { name: '撤回授权' }).click();
    const confirm = page.locator('.adm-dialog');
    await confirm.getByText('已保存到账号的记录不会自动删除').waitFor();
    await confirm.getByRole('button', { name: '撤回授权' }).click();
    await row.getByText('已撤回').waitFor();
    await row.getByText('新的测试结果只保存在这台手机上').waitFor();
    await page.screenshot({ path: `${SHOTS}/consents-withdrawn.png`, fullPage: true });
    expect((await api<ConsentList>('/api/v8/me/consents', token)).consents[0]).toMatchObject({ granted: false });
    await row.getByRole('button', { name: '删除账号里的全部测试记录' }).click();
    await confirm.getByRole('button', { name: '永久删除' }).click();
    await page.getByText('已删除 1 条记录').waitFor();
    expect(await api<unknown[]>('/api/v8/physical/records', token)).toEqual([]);

    // The next save asks again; 暂不保存 keeps it on the phone, then 同意并保存 saves: two rows in the ledger.
    await page.goto('/physical/detail?local=second');
    await page.getByRole('button', { name: '保存到我的记录' }).click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: '暂不保存' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await api<unknown[]>('/api/v8/physical/records', token)).toEqual([]);
    expect(await savedId(page, 'second')).toBeNull();
    await page.getByRole('button', { name: '保存到我的记录' }).click();
    await sheet.getByLabel('您的出生年份').selectOption('1962');
    await sheet.getByRole('button', { name: '同意并保存' }).click();
    await page.getByText('已保存到我的记录', { exact: true }).waitFor();
    expect(await api<unknown[]>('/api/v8/physical/records', token)).toHaveLength(1);
    const again = await api<ConsentList>('/api/v8/me/consents', token);
    expect(again.history.map((h) => [h.purpose, h.withdrawnAt === null])).toEqual([
      ['constitution', true],
      ['constitution', false],
    ]);
    expect(problems).toEqual([]);
  });

  it('长辈版: the sheet, the under-14 answer and 隐私与授权 in large type', async () => {
    const { page, problems } = await phonePage(browser);
    await page.context().addInitScript(() => localStorage.setItem('moxaElderMode', '1'));
    await page.goto('/login');
    await logIn(page, '13900027002');
    await seedResults(page, ['elder']);
    await page.goto('/physical/detail?local=elder');
    await page.getByRole('button', { name: '保存到我的记录' }).click();
    const sheet = page.getByRole('dialog', { name: '保存体质测试记录，需要您单独同意' });
    await sheet.waitFor();
    await page.waitForTimeout(400); // the sheet's slide-in
    await page.screenshot({ path: `${SHOTS}/consent-sheet-elder.png` });
    expect(await elderProblems(page, '.consent-sheet')).toEqual([]);
    await sheet.getByLabel('您的出生年份').selectOption(String(chinaYear(Date.now()) - 9));
    await sheet.getByRole('button', { name: '同意并保存' }).click();
    await page.getByRole('dialog', { name: '需要父母或监护人同意' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/consent-under-14-elder.png` });
    expect(await elderProblems(page, '.consent-sheet')).toEqual([]);
    await page.getByRole('button', { name: '出生年份选错了，重新选择' }).click();
    await sheet.getByLabel('您的出生年份').selectOption('1955');
    await sheet.getByRole('button', { name: '同意并保存' }).click();
    await page.getByText('已保存到我的记录', { exact: true }).waitFor();
    await page.goto('/mine/consents');
    await page.getByRole('region', { name: '保存体质测试记录' }).getByText('已同意').waitFor();
    await page.screenshot({ path: `${SHOTS}/consents-screen-elder.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
});
