import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhysicalRecordSummary } from '@moxa/core/physical/physical-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';

export type { PhysicalRecordSummary };

/** The user's records, newest first. Keyed by user so another login on the device never sees them. */
export const getRecords = () => apiFetch<PhysicalRecordSummary[]>('/api/v8/physical/records');
export const recordsQuery = (userId: string) =>
  queryOptions({ queryKey: ['physical', 'records', userId], queryFn: getRecords, staleTime: 0 });
export const useRecords = () => {
  const info = useLoginInfo();
  return useQuery({ ...recordsQuery(info.user.id), enabled: Boolean(info.token) });
};
