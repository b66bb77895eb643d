import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { readSmsCode } from './server-process.ts';

/**
 * On /login: a +86 number, the code from the console SMS log, 登录 (one code requested). `logPath`: the
 * log of the server the page talks to, when it is not the suite's own (a test's own servers).
 */
export async function logIn(page: Page, mobile: string, logPath: string = inject('logPath')): Promise<void> {
  const earlier = readSmsCode(logPath, `+86${mobile}`);
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').waitFor();
  let code: string | null = null;
  await expect
    .poll(
      () => {
        code = readSmsCode(logPath, `+86${mobile}`);
        return code !== earlier ? code : null;
      },
      { timeout: 5_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByPlaceholder('请输入验证码').fill(code!);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForFunction(() => Boolean(localStorage.getItem('keyLoginInfo')), null, { timeout: 10_000 });
}

/** The stored login (spec §3 keyLoginInfo), or null when logged out. */
export async function storedLogin(page: Page): Promise<{ token: string; user: { id: string; name: string } } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('keyLoginInfo'));
  return raw ? (JSON.parse(raw) as { token: string; user: { id: string; name: string } }) : null;
}
