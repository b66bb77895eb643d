/** The audit log's actions in Chinese (issue #29: create, edit, submit, approve, reject, publish, rollback, settings, media, roles). */
export const AUDIT_ACTIONS: Record<string, string> = {
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
  'settings.update': '修改设置',
  'media.upload': '上传媒体',
  'media.replace': '替换媒体或修改替代文字',
  'account.export': '导出个人数据',
};

export const actionLabel = (action: string): string => AUDIT_ACTIONS[action] ?? action;

/** The filters as the API's query (dates as the start and end of the chosen days, epoch ms). */
export function auditQuery(f: {
  actor?: string;
  action?: string;
  subject?: string;
  from?: number | null;
  to?: number | null;
  before?: number;
}): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  if (f.actor?.trim()) q.actor = f.actor.trim();
  if (f.action?.trim()) q.action = f.action.trim();
  if (f.subject?.trim()) q.subject = f.subject.trim();
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.before) q.before = f.before;
  return q;
}

/** A short before → after of an entry's detail, for the table (the whole detail opens below the row). */
export function detailSummary(detail: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(detail)) {
    if (v === null || v === undefined) continue;
    // Times are epoch ms in the trail (`publishAt`, …): shown as staff read them.
    const text =
      typeof v === 'number' && /At$/.test(k) && v > 1e12
        ? new Date(v).toLocaleString('zh-CN', { hour12: false })
        : typeof v === 'string'
          ? v
          : JSON.stringify(v);
    parts.push(`${k}: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
    if (parts.length === 3) break;
  }
  return parts.join('；');
}
