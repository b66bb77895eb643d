import { afterEach, describe, expect, it, vi } from 'vitest';

/** Issue #30: inside WeChat, a page without a card of its own shares the brand's defaults. */
describe('WeChat sharing with the brand’s defaults (issue #30)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const ORIGIN = 'https://h5.example.com';
  const DEFAULTS = { title: '艾灸"<养生>&', description: '查穴位、学艾灸', image: '/media/u/abc.640.def.jpg' };

  /** A page in WeChat whose <head> holds `defaults` (as the server writes them), a WeChat JS-SDK that records its calls. */
  function wechatPage(defaults: unknown, href = `${ORIGIN}/acupoint_detail/ST36`) {
    const shared: { appMessage: unknown[]; timeline: unknown[] } = { appMessage: [], timeline: [] };
    const wx = {
      config: vi.fn(),
      ready: (f: () => void) => setTimeout(f, 0),
      error: vi.fn(),
      updateAppMessageShareData: (d: unknown) => shared.appMessage.push(d),
      updateTimelineShareData: (d: unknown) => shared.timeline.push(d),
    };
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: () => {},
    };
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50' });
    vi.stubGlobal('location', { origin: ORIGIN, href, search: '' });
    vi.stubGlobal('window', { location: { origin: ORIGIN, pathname: new URL(href).pathname, search: '' }, wx });
    vi.stubGlobal('document', {
      getElementById: (id: string) =>
        id === 'moxa-share' && defaults !== undefined
          ? { textContent: typeof defaults === 'string' ? defaults : JSON.stringify(defaults) }
          : null,
      createElement: () => ({}) as { onload?: () => void },
      head: { append: (script: { onload?: () => void }) => setTimeout(() => script.onload?.(), 0) },
    });
    const config = { appId: 'wx0123456789abcdef', timestamp: 1, nonceStr: 'n', signature: 's' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { enabled: true, config } }))),
    );
    return shared;
  }
  const settled = () => new Promise((r) => setTimeout(r, 20));

  it('reads the defaults the server wrote, absolute, leading to the home page', async () => {
    wechatPage(DEFAULTS);
    const { defaultShareData } = await import('./wechat-share.ts');
    expect(defaultShareData()).toEqual({
      title: DEFAULTS.title,
      desc: DEFAULTS.description,
      link: `${ORIGIN}/`,
      imgUrl: `${ORIGIN}/media/u/abc.640.def.jpg`,
    });
  });

  it('has none when the brand sets none, or the JSON is not the defaults', async () => {
    for (const written of [undefined, 'null', '{broken', { title: 'x' }]) {
      wechatPage(written);
      const { defaultShareData } = await import('./wechat-share.ts');
      expect(defaultShareData(), String(written)).toBeNull();
      vi.resetModules();
    }
  });

  it('a page without a card shares the defaults; a page’s card wins while it is shown, and the defaults come back after', async () => {
    const shared = wechatPage(DEFAULTS);
    const m = await import('./wechat-share.ts');
    await m.applyDefaultCard();
    await settled();
    expect(shared.appMessage.at(-1)).toMatchObject({
      title: DEFAULTS.title,
      desc: DEFAULTS.description,
      imgUrl: `${ORIGIN}/media/u/abc.640.def.jpg`,
    });
    expect(shared.timeline.at(-1)).toEqual(shared.appMessage.at(-1));

    await m.applyCard({ title: '便携艾灸盒', description: '随身灸' });
    await settled();
    expect(shared.appMessage.at(-1)).toMatchObject({ title: '便携艾灸盒', desc: '随身灸', link: `${ORIGIN}/acupoint_detail/ST36` });

    await m.applyDefaultCard(true);
    await settled();
    expect(shared.appMessage.at(-1)).toMatchObject({ title: DEFAULTS.title, link: `${ORIGIN}/` });
  });

  it('at start-up, does not override the card the first page already set, however the answers interleave', async () => {
    const shared = wechatPage(DEFAULTS);
    const m = await import('./wechat-share.ts');
    const page = m.applyCard({ title: '足三里', description: '胃经要穴' });
    const boot = m.applyDefaultCard();
    await Promise.all([page, boot]);
    await settled();
    expect(shared.appMessage.length).toBeGreaterThan(0);
    for (const d of shared.appMessage) expect(d).toMatchObject({ title: '足三里' });
  });

  it('without brand defaults, start-up leaves WeChat’s own sharing alone', async () => {
    const shared = wechatPage(undefined);
    const m = await import('./wechat-share.ts');
    await m.applyDefaultCard();
    await settled();
    expect(shared.appMessage).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
