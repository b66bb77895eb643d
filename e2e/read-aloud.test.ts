import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

type Call = { op: string; text?: string; lang?: string; voice?: string };

/**
 * A stand-in for the browser's speech (issue #18 朗读): voices arrive after a moment with a
 * voiceschanged event, as in Chrome; each utterance is recorded and ends only when the test says so.
 */
async function fakeSpeech(page: Page, langs: string[]) {
  await page.addInitScript((voiceLangs: string[]) => {
    type U = {
      text: string;
      lang: string;
      voice: { name: string } | null;
      rate: number;
      onend?: () => void;
      onerror?: (e: { error: string }) => void;
    };
    const calls: Call[] = [];
    const queue: U[] = [];
    let current: U | null = null;
    let loaded = false;
    const voices = voiceLangs.map((lang, i) => ({ lang, name: `voice-${lang}`, voiceURI: `v${i}`, localService: true, default: i === 0 }));
    const synth = new EventTarget() as EventTarget & Record<string, unknown>;
    const next = () => {
      current = queue.shift() ?? null;
      if (current) calls.push({ op: 'speak', text: current.text, lang: current.lang, voice: current.voice?.name });
    };
    Object.assign(synth, {
      paused: false,
      getVoices: () => (loaded ? voices : []),
      speak(u: U) {
        queue.push(u);
        if (!current) next();
      },
      pause() {
        calls.push({ op: 'pause' });
        synth.paused = true;
      },
      resume() {
        calls.push({ op: 'resume' });
        synth.paused = false;
      },
      cancel() {
        calls.push({ op: 'cancel' });
        const was = current;
        queue.length = 0;
        current = null;
        was?.onerror?.({ error: 'canceled' });
      },
    });
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synth });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      configurable: true,
      value: class {
        text: string;
        lang = '';
        voice = null;
        rate = 1;
        constructor(text: string) {
          this.text = text;
        }
      },
    });
    Object.assign(window, {
      __speech: {
        calls,
        /** Ends the utterance being spoken; the app then speaks the next. */
        finish() {
          const was = current;
          current = null;
          was?.onend?.();
          if (!current) next();
        },
      },
    });
    setTimeout(() => {
      loaded = true;
      synth.dispatchEvent(new Event('voiceschanged'));
    }, 100);
  }, langs);
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { calls: Call[] } }).__speech.calls);
const finish = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { finish: () => void } }).__speech.finish());
const spoken = async (page: Page) => (await calls(page)).filter((c) => c.op === 'speak');

const DETAIL_PAGES = [
  '/acupoint_detail/ST36',
  '/disease_detail/insomnia',
  '/notice_detail/mild-moxa',
  '/problem_detail/beginner-kit',
  '/physical/conditioning_cheme?type=yangxu',
];

describe.skipIf(!hasBrowser())('朗读 on detail pages (issue #18)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('reads the notice aloud in Mandarin, sentence by sentence in order; pauses, resumes, stops', async () => {
    const { page, problems } = await phonePage(browser);
    await fakeSpeech(page, ['en-US', 'zh-HK', 'zh-CN']);
    await page.goto('/notice_detail/mild-moxa');
    const read = page.getByRole('button', { name: '朗读' });
    await read.waitFor();
    const box = (await read.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await read.click();

    // 暂停 / 继续 / 停止 while it reads.
    await expect.poll(async () => (await spoken(page)).length).toBe(1);
    await finish(page);
    await expect.poll(async () => (await spoken(page)).length).toBe(2);
    await page.getByRole('button', { name: '暂停' }).click();
    await page.getByRole('button', { name: '继续' }).click();
    await page.getByRole('button', { name: '停止' }).click();
    await read.waitFor();
    expect((await calls(page)).map((c) => c.op).filter((op) => op !== 'speak')).toEqual(['cancel', 'pause', 'resume', 'cancel']);

    // Read to the end: the page's own text, as the reader sees it, in Mandarin pieces, in order.
    const before = (await spoken(page)).length;
    await read.click();
    for (let i = 0; i < 60 && (await page.getByRole('button', { name: '停止' }).count()) > 0; i++) await finish(page);
    await read.waitFor();
    const said = (await spoken(page)).slice(before);
    expect(said.length).toBeGreaterThan(2);
    expect(said.every((c) => c.lang === 'zh-CN' && c.voice === 'voice-zh-CN' && c.text!.length <= 120)).toBe(true);
    const title = (await page.locator('.article-head h2').textContent())!.trim();
    expect(said[0]!.text).toContain(title);
    const pageText = (await page.locator('.rich-text').innerText()).replace(/\s+/g, '');
    // Each spoken piece (after the title) starts with text of the article, each after the one before.
    let at = 0;
    for (const c of said.slice(1)) {
      const start = c.text!.replace(/\s+/g, '').split('。')[0]!.slice(0, 8);
      const found = pageText.indexOf(start, at);
      expect(found, `${start} after ${at}`).toBeGreaterThanOrEqual(at);
      at = found;
    }
    const lastLine = (await page.locator('.rich-text > :last-child').innerText()).trim().replace(/\s+/g, '').slice(-6);
    expect(said.at(-1)!.text!.replace(/\s+/g, '')).toContain(lastLine.replace(/。$/, ''));

    // Leaving the page stops the reading.
    const sofar = (await spoken(page)).length;
    await read.click();
    await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(sofar);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/notice_detail'));
    // The old screen unmounts once the next one is ready, a moment after the URL changes.
    await expect.poll(async () => (await calls(page)).at(-1)?.op).toBe('cancel');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('is offered on every detail page with a Chinese voice', async () => {
    const { page } = await phonePage(browser);
    await fakeSpeech(page, ['zh-CN']);
    for (const url of DETAIL_PAGES) {
      await page.goto(url);
      await page.getByRole('button', { name: '朗读' }).waitFor();
    }
    await page.context().close();
  });

  it('is absent without a Chinese voice', async () => {
    const { page } = await phonePage(browser);
    await fakeSpeech(page, ['en-US', 'zh-HK']);
    await page.goto('/notice_detail/mild-moxa');
    await page.locator('.rich-text').waitFor();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
    expect(await page.getByRole('button', { name: '朗读' }).count()).toBe(0);
    await page.context().close();
  });
});
