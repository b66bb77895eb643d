import type { ScaleResult } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';
import { formatScore } from '@moxa/core/physical/scoring';
import { VerdictTag } from './bits.tsx';

/** Every scale of a result: 原始分, 转化分 (one decimal) and 判定 (issue #5). */
export function ScaleTable({ scales }: { scales: readonly ScaleResult[] }) {
  return (
    <table className="phy-table">
      <thead>
        <tr>
          <th scope="col">体质</th>
          <th scope="col">原始分</th>
          <th scope="col">转化分</th>
          <th scope="col">判定</th>
        </tr>
      </thead>
      <tbody>
        {scales.map((s) => (
          <tr key={s.type} className={s.verdict === 'no' ? undefined : 'is-hit'}>
            <th scope="row">{CONSTITUTION_NAMES[s.type]}</th>
            <td>{s.raw}</td>
            <td>
              <b>{formatScore(s.converted)}</b>
            </td>
            <td>
              <VerdictTag verdict={s.verdict} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
