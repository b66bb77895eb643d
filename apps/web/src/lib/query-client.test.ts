import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue #29: a prerendered page carries the content of its build. After hydration its screens ask
 * again (the server answers what is published now), even the queries kept forever (staleTime: Infinity).
 */
describe('prerendered data after hydration (issue #29)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('seeds the cache with the HTML data, then refetches it on mount', async () => {
    const build = new QueryClient();
    build.setQueryData(['products', 'detail', 'family-set'], { price: 168 });
    const seed = JSON.stringify(dehydrate(build));
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'moxa-data' ? { textContent: seed } : null) });
    vi.stubGlobal('window', { addEventListener: () => undefined });
    const { queryClient } = await import('./query-client.ts');
    // The first render (hydration) sees the build's data, as the HTML shows it.
    expect(queryClient.getQueryData(['products', 'detail', 'family-set'])).toEqual({ price: 168 });
    const queryFn = vi.fn(async () => ({ price: 198 }));
    const observer = new QueryObserver(queryClient, { queryKey: ['products', 'detail', 'family-set'], queryFn, staleTime: Infinity });
    expect(observer.getCurrentResult().data).toEqual({ price: 168 });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(['products', 'detail', 'family-set'])).toEqual({ price: 198 }));
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('a page without seeded data fetches as usual, once', async () => {
    vi.stubGlobal('document', { getElementById: () => null });
    vi.stubGlobal('window', { addEventListener: () => undefined });
    const { queryClient } = await import('./query-client.ts');
    const queryFn = vi.fn(async () => 1);
    const observer = new QueryObserver(queryClient, { queryKey: ['x'], queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    unsubscribe();
    const again = new QueryObserver(queryClient, { queryKey: ['x'], queryFn, staleTime: Infinity });
    again.subscribe(() => undefined)();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
