import { apiFetch } from '../../../lib/api-client.ts';

/**
 * What was saved under a consent, deleted after it is withdrawn (issue #27 item 15): the account's
 * constitution records and moxibustion log (consultations are deleted one by one in 我的咨询).
 */
export const deleteAllRecords = () => apiFetch<{ deleted: number }>('/api/v8/physical/records', { method: 'DELETE' });
export const deleteAllSessions = () => apiFetch<{ deleted: number }>('/api/v8/moxa/sessions', { method: 'DELETE' });
