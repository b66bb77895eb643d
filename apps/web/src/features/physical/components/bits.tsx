import type { Verdict } from '@moxa/core/physical/physical-contract';
import { VERDICT_LABELS } from '@moxa/core/physical/constitution';

import { Disclaimer as SharedDisclaimer } from '../../../components/disclaimer.tsx';

/** Issue #5: the footer every result screen carries. */
export const Disclaimer = () => <SharedDisclaimer>本测试结果仅供健康参考，不能替代医生诊断。</SharedDisclaimer>;

/** A light placeholder while data loads: grey bars in cards, shaped like what is coming. */
export function Skeleton({ cards = 2, lines = 4, inline = false }: { cards?: number; lines?: number; inline?: boolean }) {
  const bars = (n: number) =>
    Array.from({ length: n }, (_, l) => (
      <span key={l} className="skeleton" style={{ width: `${l === 0 ? 40 : 100 - ((l * 17) % 35)}%` }} />
    ));
  if (inline) {
    return (
      <div className="phy-skeleton" aria-busy="true" aria-label="加载中">
        {bars(lines)}
      </div>
    );
  }
  return (
    <div aria-busy="true" aria-label="加载中">
      {Array.from({ length: cards }, (_, c) => (
        <div key={c} className="card phy-skeleton">
          {bars(lines)}
        </div>
      ))}
    </div>
  );
}

export function VerdictTag({ verdict }: { verdict: Verdict }) {
  return <span className={`phy-verdict phy-verdict-${verdict}`}>{VERDICT_LABELS[verdict]}</span>;
}

export function Chevron() {
  return (
    <svg className="phy-chevron" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="phy-spinner" role="status">
      <span aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
