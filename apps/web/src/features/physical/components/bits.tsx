import type { Verdict } from '@moxa/core/physical/physical-contract';
import { VERDICT_LABELS } from '@moxa/core/physical/constitution';

import { Disclaimer as SharedDisclaimer } from '../../../components/disclaimer.tsx';
import { Chevron as SharedChevron } from '../../../components/icons.tsx';

/** Issue #5: the footer every result screen carries. */
export const Disclaimer = () => <SharedDisclaimer>本测试结果仅供健康参考，不能替代医生诊断。</SharedDisclaimer>;

export { CardSkeleton as Skeleton } from '../../../components/card-skeleton.tsx';

export function VerdictTag({ verdict }: { verdict: Verdict }) {
  return <span className={`phy-verdict phy-verdict-${verdict}`}>{VERDICT_LABELS[verdict]}</span>;
}

/** The shared chevron in this feature's colour. */
export const Chevron = () => <SharedChevron className="phy-chevron" />;

export function Spinner({ label }: { label: string }) {
  return (
    <div className="phy-spinner" role="status">
      <span aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
