import { afterEach, describe, expect, it, vi } from 'vitest';

/** Issue #29: a console preview tab sends its token on every API call, never cached. */
describe('preview token (issue #29)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const storage = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it('is read from ?preview= at boot, kept for the tab, and sent with cache: no-store', async () => {
    const session = storage();
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('location', { search: '?preview=tok_123', origin: 'http://h5.test', href: 'http://h5.test/products?preview=tok_123' });
    vi.stubGlobal('window', { location: { origin: 'http://h5.test', pathname: '/products', search: '' } });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    const { apiFetch } = await import('./api-client.ts');
    const { prefetch } = await import('./prefetch.ts');
    prefetch('/api/v8/products');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiFetch('/api/v8/products')).toBe(1);
    const init = (fetchMock.mock.calls[0] as unknown as [URL, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-Moxa-Preview']).toBe('tok_123');
    expect(init.cache).toBe('no-store');
    expect(session.getItem('moxa-preview')).toBe('tok_123');
    // A later page of the same tab (no query) keeps it.
    vi.resetModules();
    vi.stubGlobal('location', { search: '' });
    expect((await import('./prefetch.ts')).previewToken).toBe('tok_123');
  });

  it('is absent from an ordinary visit: no header, the HTTP cache as usual', async () => {
    vi.stubGlobal('sessionStorage', storage());
    vi.stubGlobal('location', { search: '' });
    vi.stubGlobal('window', { location: { origin: 'http://h5.test', pathname: '/', search: '' } });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: 2 })));
    vi.stubGlobal('fetch', fetchMock);
    const { apiFetch } = await import('./api-client.ts');
    expect(await apiFetch('/api/v8/products')).toBe(2);
    const init = (fetchMock.mock.calls[0] as unknown as [URL, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-Moxa-Preview']).toBeUndefined();
    expect(init.cache).toBeUndefined();
  });
});
