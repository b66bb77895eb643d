import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch } from './lib/page.ts';
import { allRoutes, needsLogin, prepareFixtures, sampleContext, sampleUrl, settle, type Fixtures } from './lib/route-samples.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (issue #18). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };

async function axe(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: Violation[] }> } };
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, TAGS);
}

const report = (url: string, vs: Violation[]) =>
  vs.flatMap((v) => v.nodes.map((n) => `${url} ${v.id} (${v.help}) ${n.target.join(' ')}: ${n.failureSummary ?? ''}`));

/**
 * Issue #18: axe-core on every route of the route table, in normal mode and in 长辈版, with 0
 * violations of WCAG 2.x A/AA. Routes behind the login (and the advisor's) are opened logged in.
 */
describe.skipIf(!hasBrowser())('accessibility of every route (issue #18, WCAG 2.2 AA)', () => {
  let browser: Browser;
  let fixtures: Promise<Fixtures> | undefined;
  // Made in the first test that needs them (the login helper polls, which only a test may do).
  const fx = () => (fixtures ??= prepareFixtures(browser));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  for (const elder of [false, true]) {
    it(`${elder ? '长辈版' : 'normal mode'}: 0 axe violations on every route`, async () => {
      const fixtures = await fx();
      const contexts: Record<'in' | 'out', BrowserContext> = {
        out: await sampleContext(browser, fixtures, { elder, loggedIn: false }),
        in: await sampleContext(browser, fixtures, { elder, loggedIn: true }),
      };
      const problems: string[] = [];
      try {
        const pages = { out: await contexts.out.newPage(), in: await contexts.in.newPage() };
        for (const route of allRoutes()) {
          const page = pages[needsLogin(route) ? 'in' : 'out'];
          const url = sampleUrl(route.path, fixtures);
          await page.goto(url);
          await settle(page);
          problems.push(...report(url, await axe(page)));
        }
      } finally {
        await contexts.in.close();
        await contexts.out.close();
      }
      expect(problems).toEqual([]);
    }, 240_000);
  }
});
