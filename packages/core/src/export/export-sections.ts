/**
 * Issue #27 item 16 (《个人信息保护法》 §45): the sections of 我的数据, the export of everything kept
 * for an account, in the order the file and the printable page list them. Zod-free: the web chunk and
 * the page renderer use it; export-contract.ts holds the schema.
 */
export const EXPORT_SECTIONS = [
  { key: 'profile', title: '账号信息' },
  { key: 'wechat', title: '微信绑定' },
  { key: 'logins', title: '登录中的设备' },
  { key: 'consents', title: '授权记录' },
  { key: 'constitutionRecords', title: '体质测试记录' },
  { key: 'moxaSessions', title: '艾灸记录' },
  { key: 'favorites', title: '收藏' },
  { key: 'history', title: '浏览记录' },
  { key: 'consultations', title: '咨询' },
  // Issue #31.
  { key: 'courses', title: '艾灸疗程' },
  { key: 'notifications', title: '消息提醒' },
  // Issue #30: an advisor's own profile (decision 043); empty for everyone else.
  { key: 'advisorProfile', title: '我作为顾问的资料' },
] as const;
export type ExportSectionKey = (typeof EXPORT_SECTIONS)[number]['key'];

/** The `format` field of an export file, and its version (raise it when a field changes meaning). */
export const EXPORT_FORMAT = 'moxa-account-export';
export const EXPORT_FORMAT_VERSION = 1;

/** The audit trail's action for an export (audit_events.action). */
export const EXPORT_AUDIT_ACTION = 'account.export';

/** File names the web app saves: 艾灸养生-我的数据-20261122.json / .html (China date). */
export function exportFileName(exportedAt: string, ext: 'json' | 'html'): string {
  const d = new Date(Date.parse(exportedAt) + 8 * 3_600_000);
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `艾灸养生-我的数据-${day}.${ext}`;
}
