import { MOXA_LEVELS } from '@moxa/core/acupoints/acupoint-codes';
import type { AcupointSummary } from '@moxa/core/acupoints/acupoint-contract';

type Level = AcupointSummary['moxaLevel'];

/** 可灸 / 慎灸 / 禁灸 with colour (green / amber / red) — safety first (design §5). */
export function MoxaBadge({ level, large = false }: { level: Level; large?: boolean }) {
  return <span className={`acu-badge acu-badge-${level}${large ? ' acu-badge-lg' : ''}`}>{MOXA_LEVELS[level]}</span>;
}
