import { useEffect, useRef } from 'react';
import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';
import type { ScaleResult } from '@moxa/core/physical/physical-contract';
import { formatScore } from '@moxa/core/physical/scoring';
import { Chart } from '../utils/chart-setup.ts';
import { radarConfig } from '../utils/radar-config.ts';

/** The nine converted scores (loaded with React.lazy, so Chart.js stays out of the screen chunk). */
export default function RadarChart({ scales }: { scales: readonly ScaleResult[] }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, radarConfig(scales, { fontSize: 14, onScreen: true }));
    return () => chart.destroy();
  }, [scales]);
  // The picture's text alternative carries its numbers (issue #18, WCAG 1.1.1); the table below has them too.
  const summary = scales.map((s) => `${CONSTITUTION_NAMES[s.type]}${formatScore(s.converted)}分`).join('，');
  return <canvas ref={ref} role="img" aria-label={`九种体质转化分雷达图：${summary}`} />;
}
