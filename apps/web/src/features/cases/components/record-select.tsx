import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';
import { errorMessage } from '../../../lib/api-client.ts';
import type { usePhysicalRecords } from '../api/queries.ts';
import { formatDay } from '../utils/format.ts';
import { fieldId } from './form-fields.tsx';
import { Link } from '../../../components/link.tsx';

/** 附上体质测试结果 (issue #17): the user's saved results to choose from, or why there are none. */
export function RecordSelect({
  value,
  onChange,
  records,
  disabled,
}: {
  value: string;
  onChange: (id: string) => void;
  records: ReturnType<typeof usePhysicalRecords>;
  disabled?: boolean;
}) {
  if (records.isError)
    return (
      <p className="case-hint">
        测试记录没有加载出来：{errorMessage(records.error)}{' '}
        <button type="button" className="case-link-btn" onClick={() => void records.refetch()}>
          重试
        </button>
      </p>
    );
  if (records.data && records.data.length === 0)
    return (
      <p className="case-hint">
        您还没有保存的体质测试结果。
        <Link className="case-link-btn" to="/physical">
          去做体质测试
        </Link>
      </p>
    );
  return (
    <select
      id={fieldId('physicalRecordId')}
      className="case-select"
      value={value}
      disabled={disabled || !records.data}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{records.data ? '不附上' : '加载中…'}</option>
      {records.data?.map((r) => (
        <option key={r.id} value={r.id}>
          {formatDay(r.createdAt)}：{r.result.primary ? CONSTITUTION_NAMES[r.result.primary] : '暂未判定体质'}
        </option>
      ))}
    </select>
  );
}
