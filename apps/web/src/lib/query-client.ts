import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { getLoginInfo, subscribeLoginInfo } from './login-info.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60 * 1000,
      gcTime: 30 * 60 * 1000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// Prerendered entry pages (issue #6) carry the data they were rendered with: seed the cache so the
// first render matches the HTML already on screen. scripts/prerender.ts reads it back through
// __MOXA_DEHYDRATE__.
const seeded = typeof document === 'undefined' ? null : document.getElementById('moxa-data')?.textContent;
const data = seeded ? (JSON.parse(seeded) as Parameters<typeof hydrate>[1] | null) : null;
if (data) {
  hydrate(queryClient, data);
  // Issue #29: the HTML holds the content of its build, which a publish may have changed since:
  // marked stale (not refetched yet), so the screens ask again once hydrated, whatever their staleTime.
  void queryClient.invalidateQueries({ refetchType: 'none' });
}
if (typeof window !== 'undefined')
  (window as unknown as { __MOXA_DEHYDRATE__: () => unknown }).__MOXA_DEHYDRATE__ = () => dehydrate(queryClient);

// Whatever was fetched for one account is not shown to the next (issue #13 item 6): when a login
// ends or is replaced (logout, an expired token, another account in another tab), drop the cache.
if (typeof window !== 'undefined') {
  let userId = getLoginInfo()?.user.id ?? '';
  subscribeLoginInfo(() => {
    const next = getLoginInfo()?.user.id ?? '';
    if (userId && next !== userId) queryClient.clear();
    userId = next;
  });
}
