import type { ConstitutionType, PhysicalResult } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';

/** The large name on a result: the primary type, or a plain phrase when none was reached. */
export function headline(result: PhysicalResult): string {
  return result.primary ? CONSTITUTION_NAMES[result.primary] : '暂未判定体质';
}

/**
 * Which conditioning scheme a result links to: the primary type; else the strongest tendency
 * (ZYYXH/T157-2009 倾向是 still merits attention); else 平和质's keeping-well advice.
 */
export function schemeTypeFor(result: PhysicalResult): ConstitutionType {
  return result.primary ?? result.tendencies[0] ?? 'pinghe';
}
