import { useQuery } from '@tanstack/react-query';
import type { AdvisorProfile, AdvisorProfileFields } from '@moxa/core/advisors/advisor-profile-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { ADVISOR_DUTY_PATH, ADVISOR_PROFILE_PATH } from './paths.ts';
import { advisorKey } from './queries.ts';

/** Issue #30: the advisor's own profile — approved, waiting for review, 在岗 — keyed by the advisor. */
export const profileKey = (userId: string) => [...advisorKey(userId), 'profile'] as const;

export const useAdvisorProfile = () => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: profileKey(user.id),
    queryFn: () => apiFetch<AdvisorProfile>(ADVISOR_PROFILE_PATH),
    enabled: Boolean(token),
    staleTime: 0,
  });
};

export const putProfile = (fields: AdvisorProfileFields) => apiFetch<AdvisorProfile>(ADVISOR_PROFILE_PATH, { method: 'PUT', body: fields });
export const putDuty = (onDuty: boolean) => apiFetch<AdvisorProfile>(ADVISOR_DUTY_PATH, { method: 'PUT', body: { onDuty } });
