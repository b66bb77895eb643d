import { useQuery } from '@tanstack/react-query';
import type { Course } from '@moxa/core/courses/course-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';

/** Issue #31: the account's courses, listed under 消息提醒 (the same read and key as features/courses). */
export const useMyCourses = () => {
  const { token, user } = useLoginInfo();
  return useQuery({ queryKey: ['courses', user.id], queryFn: () => apiFetch<Course[]>('/api/v8/me/courses'), enabled: Boolean(token) });
};
