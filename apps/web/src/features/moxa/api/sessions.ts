import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInput, SessionPlan, SessionRecord } from '@moxa/core/moxa/moxa-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { IMPORT_PATH, SESSIONS_PATH, sessionPath } from './paths.ts';

export const planQuery = (path: string | null) =>
  queryOptions({
    queryKey: ['moxa', 'plan', path],
    queryFn: () => apiFetch<SessionPlan>(path!),
    enabled: path !== null,
    staleTime: Infinity,
  });
export const usePlan = (path: string | null) => useQuery(planQuery(path));

/** The logged-in user's log, keyed by user so another login on the phone never sees it. */
export const sessionsQuery = (userId: string) =>
  queryOptions({ queryKey: ['moxa', 'sessions', userId], queryFn: () => apiFetch<SessionRecord[]>(SESSIONS_PATH), staleTime: 0 });
export const useSessions = () => {
  const info = useLoginInfo();
  return useQuery({ ...sessionsQuery(info.user.id), enabled: Boolean(info.token) });
};

export const saveSession = (s: SessionInput) => apiFetch<SessionRecord>(SESSIONS_PATH, { method: 'POST', body: s });
export const importSessions = (sessions: SessionInput[]) =>
  apiFetch<{ imported: number; existing: number }>(IMPORT_PATH, { method: 'POST', body: { sessions } });
export const deleteSession = (id: string) => apiFetch<null>(sessionPath(id), { method: 'DELETE' });
export const deleteAllSessions = () => apiFetch<{ deleted: number }>(SESSIONS_PATH, { method: 'DELETE' });
