import type { ConsoleItem, ItemSource, Revision } from '@moxa/core/console/console-contract';
import type { Browser } from 'playwright-core';
import { logIn } from './login.ts';

/** A staff member's console API on one server, signed in on its /console/login with a fresh SMS code. */
export type StaffApi = {
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
};

export async function staffApi(browser: Browser, url: string, mobile: string, logPath: string): Promise<StaffApi> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', baseURL: url });
  const page = await context.newPage();
  await page.goto('/console/login');
  await logIn(page, mobile, logPath);
  await page.waitForURL('**/console/content');
  return {
    async call<T>(method: string, path: string, body?: unknown) {
      const res = await page.evaluate(
        async ([m, p, b]) => {
          const token = (JSON.parse(localStorage.getItem('keyLoginInfo')!) as { token: string }).token;
          const headers: Record<string, string> = { authorization: `Bearer ${token}` };
          if (b !== undefined) headers['content-type'] = 'application/json';
          const r = await fetch(`/api/v8/console${p}`, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) });
          return { status: r.status, json: (await r.json()) as { data: unknown } };
        },
        [method, path, body] as const,
      );
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.data as T;
    },
    close: () => context.close(),
  };
}

/** An item's published source, as the console's form starts from it. */
export async function itemSource(staff: StaffApi, kind: string, id: string): Promise<ItemSource> {
  return (await staff.call<ConsoleItem>('GET', `/kinds/${kind}/items/${id}`)).source;
}

/**
 * One change through the editorial workflow (issue #29): the editor's draft, submitted (so the checks
 * passed), approved by the reviewer to publish now. Throws with the server's answer at the step that fails.
 */
export async function publish(
  editor: StaffApi,
  reviewer: StaffApi,
  change: { kind: string; itemId: string; isNew?: boolean; source: ItemSource },
): Promise<Revision> {
  const draft = await editor.call<Revision>('POST', '/revisions', { isNew: false, ...change });
  await editor.call<Revision>('POST', `/revisions/${draft.id}/submit`);
  const approved = await reviewer.call<Revision>('POST', `/revisions/${draft.id}/approve`, { publishAt: null });
  if (approved.state !== 'published') throw new Error(`${change.kind} ${change.itemId}: ${approved.state} after approval`);
  return approved;
}
