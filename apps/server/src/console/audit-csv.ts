import type { AuditEntry } from '@moxa/core/console/console-contract';

/** What the trail's actions read as in the export (issue #29); unknown ones as they are. */
export const AUDIT_ACTION_NAMES: Record<string, string> = {
  'content.create': '新建草稿',
  'content.edit': '修改草稿',
  'content.submit': '提交审核',
  'content.approve': '审核通过',
  'content.reject': '退回',
  'content.withdraw': '撤回',
  'content.publish': '发布',
  'content.publish-refused': '发布未执行（退回作者）',
  'content.rollback': '回滚（新建草稿）',
  'role.grant': '授予角色',
  'role.revoke': '收回角色',
  'account.export': '导出个人数据',
};

/** China time (UTC+8, no daylight saving), as staff read it: 2026-11-22 16:00:00. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** One cell, quoted; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The audit trail as CSV for Excel (issue #29): UTF-8 with a byte-order mark (without it Excel reads
 * the Chinese as mojibake), CRLF line ends, every cell quoted.
 */
export function auditCsv(entries: readonly AuditEntry[]): Buffer {
  const rows = [['时间（北京时间）', '操作人', '操作人编号', '操作', '对象', '详情']];
  for (const e of entries)
    rows.push([
      chinaTime(e.at),
      e.actor?.name ?? '系统',
      e.actor?.id ?? '',
      AUDIT_ACTION_NAMES[e.action] ?? e.action,
      e.subject,
      JSON.stringify(e.detail),
    ]);
  return Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n', 'utf8'),
  ]);
}
