import { useDiseaseList, useDiseaseTypes } from '../api/queries.ts';

/**
 * The optional condition of a request (issue #17), in two plain steps: a group of the 艾灸方法
 * section, then one of its conditions. Native selects open the phone's own large picker.
 */
export function DiseasePicker({
  group,
  disease,
  onChange,
  disabled,
}: {
  group: string;
  disease: string;
  onChange: (next: { diseaseGroup: string; disease: string }) => void;
  disabled?: boolean;
}) {
  const types = useDiseaseTypes();
  const list = useDiseaseList(group);
  if (types.isError)
    return (
      <p className="case-hint">
        调理项目没有加载出来，可以直接用文字描述。{' '}
        <button type="button" className="case-link-btn" onClick={() => void types.refetch()}>
          重试
        </button>
      </p>
    );
  const items = list.data?.items ?? [];
  return (
    <div className="case-picker">
      <select
        id="case-f-disease-group"
        className="case-select"
        aria-label="调理项目分类"
        value={group}
        disabled={disabled || !types.data}
        onChange={(e) => onChange({ diseaseGroup: e.target.value, disease: '' })}
      >
        <option value="">{types.data ? '选择分类（不选也可以）' : '加载中…'}</option>
        {types.data?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
      {group && (
        <select
          id="case-f-disease"
          className="case-select"
          aria-label="调理项目"
          value={items.some((d) => d.id === disease) ? disease : ''}
          disabled={disabled || !list.data}
          onChange={(e) => onChange({ diseaseGroup: group, disease: e.target.value })}
        >
          <option value="">{list.isError ? '没有加载出来，请重新选择分类' : list.data ? '请选择具体项目（可不选）' : '加载中…'}</option>
          {items.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
