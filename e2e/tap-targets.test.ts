import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch } from './lib/page.ts';
import { allRoutes, needsLogin, prepareFixtures, sampleContext, sampleUrl, settle, type Fixtures } from './lib/route-samples.ts';

/**
 * Issue #32 item 4: every control outside running text is at least 40 px tall and wide (48 px in
 * 长辈版; e2e/elder-mode.test.ts holds 长辈版 to its own 60 px as well), and looks like a control.
 * Returns the offenders, each named.
 *
 * - Controls: links, buttons and the roles that act like them. A check box or radio inside a <label> is drawn by
 *   <label>, which is measured instead; hidden ones (display none, 0 × 0, clipped) are skipped.
 * - Running text: an inline link (or a glossary term, issue #26) inside a sentence of a p, li, dd, td,
 *   blockquote or figcaption with other text around it keeps its line (WCAG 2.5.8 exempts it).
 * - "Looks like a control": a filled or outlined shape (background unlike what is behind it, a border
 *   or a shadow), underlined or link-coloured text, or an icon (svg, img, a ::before/::after mark such
 *   as the › of a row). Plain body-coloured text that is tappable is what fails.
 */
function sweep({ min }: { min: number }): string[] {
  const out: string[] = [];
  const name = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 16);
    return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const transparent = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
  const backdrop = (el: Element | null): string => {
    for (let e = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (!transparent(bg)) return bg;
    }
    return 'rgb(255, 255, 255)';
  };
  const shaped = (el: Element): boolean => {
    const cs = getComputedStyle(el);
    if (!transparent(cs.backgroundColor) && cs.backgroundColor !== backdrop(el.parentElement)) return true;
    if (cs.backgroundImage !== 'none' || cs.boxShadow !== 'none') return true;
    return ['top', 'right', 'bottom', 'left'].some(
      (s) => parseFloat(cs.getPropertyValue(`border-${s}-width`)) > 0 && !transparent(cs.getPropertyValue(`border-${s}-color`)),
    );
  };
  // The brand's link colours: reddish brown or orange (red well above green and blue).
  const accent = (c: string) => {
    const [r, g, b] = c.match(/[\d.]+/g)!.map(Number) as [number, number, number];
    return r - b > 60 && r - g > 30;
  };
  const looksLikeControl = (el: Element): boolean => {
    const cs = getComputedStyle(el);
    if (shaped(el) || [...el.querySelectorAll('*')].some((d) => shown(d) && shaped(d))) return true;
    if (cs.textDecorationLine.includes('underline') || accent(cs.color)) return true;
    if ([...el.querySelectorAll('svg, img, input')].some(shown)) return true;
    if (el.tagName === 'SUMMARY' && cs.display === 'list-item') return true; // the disclosure triangle
    // An icon drawn with a character (×, ›), or a mark added by CSS to it or to an icon in it (the
    // row chevron is an empty <i> whose ::after draws the line with two borders, decision 057).
    if (!/[\p{L}\p{N}]/u.test(el.textContent ?? '')) return true;
    const marked = (e: Element) =>
      ['::before', '::after'].some((p) => {
        const m = getComputedStyle(e, p);
        if (m.content === 'none' || m.content === 'normal') return false;
        return m.content !== '""' || parseFloat(m.borderRightWidth) > 0 || !transparent(m.backgroundColor); // a drawn chevron
      });
    return marked(el) || [...el.querySelectorAll('*')].some((d) => shown(d) && marked(d));
  };
  const controls = document.querySelectorAll(
    'a[href], button, summary, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="switch"], [role="link"], [role="radio"], [role="checkbox"], [role="option"], [role="menuitem"]',
  );
  const seen = new Set<Element>();
  for (const c of controls) {
    let el: Element = c;
    if (c instanceof HTMLInputElement) el = c.closest('label') ?? c;
    else if (c.closest('label') && c.getAttribute('role') && /radio|checkbox/.test(c.getAttribute('role')!)) el = c.closest('label')!;
    if (seen.has(el) || !shown(el)) continue;
    seen.add(el);
    const cs = getComputedStyle(el);
    if ((el.tagName === 'A' || el.classList.contains('gloss')) && cs.display === 'inline') {
      const block = el.parentElement?.closest('p, li, dd, td, blockquote, figcaption');
      if (block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length) continue;
    }
    const r = el.getBoundingClientRect();
    if (r.height < min - 0.5 || r.width < min - 0.5)
      out.push(`target ${Math.round(r.width)}×${Math.round(r.height)} < ${min}×${min}: ${name(el)}`);
    if (!looksLikeControl(el)) out.push(`does not look tappable (plain text, no shape, colour or icon): ${name(el)}`);
  }
  return [...new Set(out)];
}

describe.skipIf(!hasBrowser())('tap targets on every route (issue #32 item 4)', () => {
  let browser: Browser;
  let fixtures: Promise<Fixtures> | undefined;
  const fx = () => (fixtures ??= prepareFixtures(browser));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  for (const elder of [false, true]) {
    const min = elder ? 48 : 40;
    it(`${elder ? '长辈版' : 'normal mode'}: every control outside running text ≥ ${min} px and visibly a control`, async () => {
      const f = await fx();
      const contexts: Record<'in' | 'out', BrowserContext> = {
        out: await sampleContext(browser, f, { elder, loggedIn: false }),
        in: await sampleContext(browser, f, { elder, loggedIn: true }),
      };
      const problems: string[] = [];
      try {
        const pages = { out: await contexts.out.newPage(), in: await contexts.in.newPage() };
        for (const route of allRoutes()) {
          const page = pages[needsLogin(route) ? 'in' : 'out'];
          const url = sampleUrl(route.path, f);
          await page.goto(url);
          await settle(page);
          problems.push(...(await page.evaluate(sweep, { min })).map((p) => `${url}: ${p}`));
        }
      } finally {
        await contexts.in.close();
        await contexts.out.close();
      }
      if (process.env.TAP_DUMP) writeFileSync(`${process.env.TAP_DUMP}.${elder ? 'elder' : 'normal'}`, problems.join('\n'));
      expect(problems).toEqual([]);
    }, 300_000);
  }
});
