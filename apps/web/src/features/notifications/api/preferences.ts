import { useQuery } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesInput } from '@moxa/core/notifications/notification-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';

/** Issue #31: a person's notice settings, keyed by the account so another login never sees them. */
export const PREFERENCES_PATH = '/api/v8/me/notification-preferences';
export const preferencesKey = (userId: string) => ['notification-preferences', userId] as const;

export const usePreferences = () => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: preferencesKey(user.id),
    queryFn: () => apiFetch<NotificationPreferences>(PREFERENCES_PATH),
    enabled: Boolean(token),
  });
};

export const savePreferences = (body: NotificationPreferencesInput) =>
  apiFetch<NotificationPreferences>(PREFERENCES_PATH, { method: 'PUT', body });
