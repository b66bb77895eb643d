import { actionLabel } from '@moxa/core/console/audit-actions';
import type { AuditEntry } from '@moxa/core/console/console-contract';

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
    rows.push([chinaTime(e.at), e.actor?.name ?? '系统', e.actor?.id ?? '', actionLabel(e.action), e.subject, JSON.stringify(e.detail)]);
  return Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n', 'utf8'),
  ]);
}
