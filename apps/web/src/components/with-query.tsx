import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

/**
 * Server state (TanStack Query) for the screens that fetch. It is provided per screen, from a chunk
 * loaded with the screen, so pages that fetch nothing (home, login) do not download it (issue #6).
 * Every screen shares the one client, so the cache is shared across screens.
 */
export function WithQuery({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
