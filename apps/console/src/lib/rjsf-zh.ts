import { englishStringTranslator, TranslatableString } from '@rjsf/utils';

/** The generated form's own words in Chinese (issue #29: everything staff see is Chinese). */
const ZH: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '条目',
  [TranslatableString.MissingItems]: '缺少条目定义',
  [TranslatableString.EmptyArray]: '还没有条目，点下面的按钮添加。',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '关闭',
  [TranslatableString.ErrorsLabel]: '问题',
  [TranslatableString.NewStringDefault]: '新值',
  [TranslatableString.AddButton]: '添加',
  [TranslatableString.AddItemButton]: '添加一项',
  [TranslatableString.CopyButton]: '复制',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '删除',
  [TranslatableString.NowLabel]: '现在',
  [TranslatableString.ClearLabel]: '清除',
  [TranslatableString.AriaDateLabel]: '选择日期',
  [TranslatableString.PreviewLabel]: '预览',
  [TranslatableString.DecrementAriaLabel]: '减 1',
  [TranslatableString.IncrementAriaLabel]: '加 1',
  [TranslatableString.OptionalObjectAdd]: '填写这一项',
  [TranslatableString.OptionalObjectRemove]: '清空这一项',
  [TranslatableString.OptionalObjectEmptyMsg]: '这一项未填写',
  [TranslatableString.Type]: '类型',
  [TranslatableString.Value]: '值',
  [TranslatableString.ClearButton]: '清空',
  [TranslatableString.UnknownFieldType]: '未知的字段类型 %1',
  [TranslatableString.OptionPrefix]: '选项 %1',
  [TranslatableString.TitleOptionPrefix]: '%1 选项 %2',
  [TranslatableString.KeyLabel]: '%1 键',
  [TranslatableString.UnsupportedField]: '这个字段暂不能用表单编辑',
  [TranslatableString.UnsupportedFieldWithId]: '字段 `%1` 暂不能用表单编辑',
};

export function translateZh(key: TranslatableString, params?: string[]): string {
  const zh = ZH[key];
  if (!zh) return englishStringTranslator(key, params);
  return (params ?? []).reduce((s, p, i) => s.replaceAll(`%${i + 1}`, p), zh);
}
