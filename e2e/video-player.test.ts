import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/**
 * The size (px) and background of the subtitles drawn over the page's <video>: the last `::cue` rule
 * of the page's stylesheets whose element part matches it (a cue's computed style cannot be read).
 */
function cueStyle(): { fontSize: number; background: string } | null {
  const video = document.querySelector('video')!;
  let found: { fontSize: number; background: string } | null = null;
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        const parts = rule.selectorText.split(',').filter((s) => s.trim().endsWith('::cue'));
        if (parts.some((s) => video.matches(s.trim().replace(/::cue$/, '') || '*')) && rule.style.fontSize)
          found = { fontSize: parseFloat(rule.style.fontSize), background: rule.style.backgroundColor || rule.style.background };
      } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
  return found;
}

const videoState = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => ({ paused: v.paused, time: v.currentTime }));

/** Issue #32 item 2 (and the play counts of item 6) at 375×812. */
describe.skipIf(!hasBrowser())('the video player (issue #32)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('one tap on the large centre button plays the video; pausing brings the button back', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/video_detail/find-zusanli');
    const start = page.getByRole('button', { name: '播放视频：三秒找到足三里' });
    await start.waitFor();
    // Large, over the picture's centre, clear of the system's control bar at the bottom.
    const video = (await page.locator('video').boundingBox())!;
    const icon = (await page.locator('.player-start-icon').boundingBox())!;
    const button = (await start.boundingBox())!;
    expect(icon.width).toBeGreaterThanOrEqual(72);
    expect(Math.abs(icon.x + icon.width / 2 - (video.x + video.width / 2))).toBeLessThan(2);
    expect(Math.abs(icon.y + icon.height / 2 - (video.y + video.height / 2))).toBeLessThan(2);
    expect(button.width).toBe(video.width);
    expect(video.y + video.height - (button.y + button.height)).toBeGreaterThanOrEqual(56);
    expect((await videoState(page)).paused).toBe(true);

    await start.tap();
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(0.3);
    await start.waitFor({ state: 'detached' });

    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await start.waitFor();
    await start.tap();
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    expect(problems).toEqual([]);
  });

  it('draws subtitles at a readable size on a dark band, larger in 长辈版', async () => {
    const { page } = await phonePage(browser);
    await page.goto('/video_detail/find-zusanli');
    await page.locator('video').waitFor();
    const normal = (await page.evaluate(cueStyle))!;
    expect(normal.fontSize).toBeGreaterThanOrEqual(16);
    expect(normal.background).toMatch(/rgba?\(0, 0, 0/);

    await page.evaluate(() => localStorage.setItem('moxaElderMode', '1'));
    await page.reload();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.locator('video').waitFor();
    const elder = (await page.evaluate(cueStyle))!;
    expect(elder.fontSize).toBeGreaterThanOrEqual(20);
    expect(elder.fontSize).toBeGreaterThan(normal.fontSize);
  });

  it('shows no play counts, and lists a category newest first', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/brand/videos');
    const list = page.getByRole('list', { name: '了解品牌' });
    await list.getByRole('listitem').first().waitFor();
    const dates = await list.locator('.video-card-meta').allTextContents();
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const path of ['/videos', '/brand/videos', '/video_detail/find-zusanli']) {
      if (path !== '/brand/videos') await page.goto(path);
      await page.locator('.video-card-meta').first().waitFor();
      expect(await page.getByText(/次播放/).count(), path).toBe(0);
    }
    expect(problems).toEqual([]);
  });
});
