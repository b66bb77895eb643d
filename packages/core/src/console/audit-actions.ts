/**
 * The audit trail's actions in Chinese (issue #29: create, edit, submit, approve, reject, publish,
 * rollback, settings, media, roles), declared once for the console's filter and the CSV export;
 * zod-free so the console loads it without the schema library. Unknown actions show as they are.
 */
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
