import { useEffect, useRef } from 'react';
import type { ScaleResult } from '@moxa/core/physical/physical-contract';
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
  return <canvas ref={ref} role="img" aria-label="九种体质转化分雷达图" />;
}
