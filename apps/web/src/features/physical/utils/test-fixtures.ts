import type { ConstitutionType, PhysicalResult, ScaleResult, Verdict } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_TYPES } from '@moxa/core/physical/constitution';

/** A result built from converted scores, for tests of the display helpers. */
export function resultWith(
  scores: Partial<Record<ConstitutionType, { raw: number; items: number; converted: number; verdict: Verdict }>>,
  rest: Partial<Omit<PhysicalResult, 'scales'>> = {},
): PhysicalResult {
  const scales: ScaleResult[] = CONSTITUTION_TYPES.map((type) => ({
    type,
    raw: 8,
    items: 8,
    converted: 0,
    verdict: 'no' as Verdict,
    ...scores[type],
  }));
  return { scales, primary: null, also: [], tendencies: [], conclusion: '是平和质', undecided: false, ...rest };
}
