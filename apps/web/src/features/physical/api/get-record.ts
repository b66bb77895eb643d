import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhysicalRecord } from '@moxa/core/physical/physical-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';

/** One saved record (404 when it is not the user's). Records never change, so no refetching. */
export const getRecord = (id: string) => apiFetch<PhysicalRecord>(`/api/v8/physical/records/${encodeURIComponent(id)}`);
export const recordQuery = (userId: string, id: string) =>
  queryOptions({ queryKey: ['physical', 'record', userId, id], queryFn: () => getRecord(id), staleTime: Infinity });
export const useRecord = (id: string | null) => {
  const info = useLoginInfo();
  return useQuery({ ...recordQuery(info.user.id, id ?? ''), enabled: id !== null && Boolean(info.token) });
};
