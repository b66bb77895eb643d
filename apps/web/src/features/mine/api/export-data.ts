import type { AccountExport } from '@moxa/core/export/export-contract';
import { apiFetch } from '../../../lib/api-client.ts';

export type { AccountExport };

/**
 * 我的数据 (issue #27 item 16): everything kept for the account, after the code of a fresh SMS to the
 * account's own number (purpose `export`). The answer can be large (photos are inside).
 */
export const exportData = (code: string) => apiFetch<AccountExport>('/api/v8/me/export', { method: 'POST', body: { code } });
