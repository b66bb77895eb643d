import { useQuery } from '@tanstack/react-query';
import type { Course, CourseDetail, CourseInput, CoursePatch } from '@moxa/core/courses/course-contract';
import type { SessionPlan } from '@moxa/core/moxa/moxa-contract';
import type { NotificationPreferences } from '@moxa/core/notifications/notification-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';

/** Issue #31: 疗程 — the account's courses, one course with its days, and the changes. */
export const COURSES_PATH = '/api/v8/me/courses';
export const coursesKey = (userId: string) => ['courses', userId] as const;
export const courseKey = (userId: string, id: string) => [...coursesKey(userId), id] as const;

export const useCourses = () => {
  const { token, user } = useLoginInfo();
  return useQuery({ queryKey: coursesKey(user.id), queryFn: () => apiFetch<Course[]>(COURSES_PATH), enabled: Boolean(token) });
};

export const useCourse = (id: string) => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: courseKey(user.id, id),
    queryFn: () => apiFetch<CourseDetail>(`${COURSES_PATH}/${encodeURIComponent(id)}`),
    enabled: Boolean(token && id),
    staleTime: 0,
  });
};

/**
 * Which reminders can reach this account: the course reminders' WeChat subscribe template when WeChat
 * can carry them (from the account's notice settings; same key as 我的 → 消息提醒 uses, so one fetch).
 */
export const useReminderOptions = (enabled: boolean) => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: ['notification-preferences', user.id],
    queryFn: () => apiFetch<NotificationPreferences>('/api/v8/me/notification-preferences'),
    enabled: enabled && Boolean(token),
  });
};

export const createCourse = (body: CourseInput) => apiFetch<CourseDetail>(COURSES_PATH, { method: 'POST', body });
export const changeCourse = (id: string, body: CoursePatch) =>
  apiFetch<CourseDetail>(`${COURSES_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** The scheme's plan as the guided session has it (its name, the course its prescription names). Public content. */
export const usePlan = (kind: 'disease' | 'scheme', id: string) =>
  useQuery({
    queryKey: ['moxa-plan', kind, id],
    queryFn: () => apiFetch<SessionPlan>('/api/v8/moxa/plan', { query: { [kind]: id } }),
    enabled: id !== '',
    staleTime: Infinity,
  });
