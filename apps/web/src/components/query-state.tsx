import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { StatusView } from './status-view.tsx';

type Action = { text: string; onClick: () => void; primary?: boolean };

/**
 * The four states of a data screen (issue #14 §8): loading (a skeleton), failed (the message with
 * 重试), not found (a kind 404 with ways on), empty, and the data itself.
 */
export function QueryState<T>({
  query,
  children,
  skeleton = <ListSkeleton />,
  errorTitle = '内容没有加载出来',
  notFound,
  isEmpty,
  empty,
}: {
  /** A TanStack query, or several combined into one such shape. */
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
  skeleton?: ReactNode;
  errorTitle?: string;
  notFound?: { title: string; description?: string; actions?: Action[] };
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; description?: string; actions?: Action[] };
}) {
  if (query.isError) {
    if (notFound && query.error instanceof ApiError && query.error.status === 404) return <StatusView kind="empty" {...notFound} />;
    return (
      <StatusView
        kind="error"
        title={errorTitle}
        description={errorMessage(query.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void query.refetch() }]}
      />
    );
  }
  if (query.data === undefined) return <>{skeleton}</>;
  if (empty && isEmpty?.(query.data)) return <StatusView kind="empty" {...empty} />;
  return <>{children(query.data)}</>;
}
