import type { ChartConfiguration } from 'chart.js';
import type { ScaleResult } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';
import { formatScore } from '@moxa/core/physical/scoring';
import { CHART_COLORS } from './chart-setup.ts';

/**
 * The nine converted scores as a radar (each name labelled with its score, so no tick labels), with a dashed ring at 40 — the score at which a biased
 * constitution counts as 是 (ZYYXH/T157-2009 §5.2). Shared by the page chart and the share image.
 */
export function radarConfig(scales: readonly ScaleResult[], opts: { fontSize: number; onScreen: boolean }): ChartConfiguration<'radar'> {
  return {
    type: 'radar',
    data: {
      labels: scales.map((s) => [CONSTITUTION_NAMES[s.type], formatScore(s.converted)]),
      datasets: [
        {
          data: scales.map((s) => Math.max(0, s.converted)),
          borderColor: CHART_COLORS.primary,
          backgroundColor: CHART_COLORS.primaryFill,
          pointBackgroundColor: CHART_COLORS.primary,
          pointRadius: opts.fontSize / 4,
          borderWidth: opts.fontSize / 7,
          fill: true,
        },
        {
          data: scales.map(() => 40),
          borderColor: CHART_COLORS.guide,
          borderDash: [opts.fontSize / 3, opts.fontSize / 4],
          borderWidth: opts.fontSize / 10,
          pointRadius: 0,
          fill: false,
        },
      ],
    },
    options: {
      responsive: opts.onScreen,
      maintainAspectRatio: false,
      animation: opts.onScreen ? { duration: 500 } : false,
      events: [],
      devicePixelRatio: opts.onScreen ? undefined : 1,
      layout: { padding: 4 },
      scales: {
        r: {
          min: 0,
          max: 100,
          ticks: {
            stepSize: 20,
            display: false,
            backdropColor: 'transparent',
            color: CHART_COLORS.muted,
            font: { size: Math.round(opts.fontSize * 0.75) },
            z: 1,
          },
          pointLabels: { color: CHART_COLORS.text, font: { size: opts.fontSize }, padding: opts.fontSize / 3 },
          grid: { color: CHART_COLORS.grid },
          angleLines: { color: CHART_COLORS.grid },
        },
      },
    },
  };
}
