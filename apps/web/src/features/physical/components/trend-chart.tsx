import { useEffect, useRef } from 'react';
import type { ChartDataset } from 'chart.js';
import { Chart, CHART_COLORS } from '../utils/chart-setup.ts';
import { guideLines, type TrendSeries } from '../utils/trend.ts';
import type { ConstitutionType } from '@moxa/core/physical/physical-contract';

/**
 * Converted scores of one type over time, with the judgement thresholds as dashed lines
 * (ZYYXH/T157-2009 §5.2). Loaded with React.lazy, so Chart.js stays out of the screen chunk.
 */
export default function TrendChart({ series, type, label }: { series: TrendSeries; type: ConstitutionType; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const guides = guideLines(type);
    const datasets: ChartDataset<'line'>[] = [
      {
        data: series.values,
        borderColor: CHART_COLORS.primary,
        backgroundColor: CHART_COLORS.primaryFill,
        pointBackgroundColor: '#fff',
        pointBorderColor: CHART_COLORS.primary,
        pointBorderWidth: 2,
        pointRadius: 5,
        borderWidth: 3,
        tension: 0.25,
        fill: 'origin',
        // A score of 100 or 0 sits on the chart's edge: keep the whole point visible.
        clip: 8,
      },
      ...guides.map((g, i): ChartDataset<'line'> => ({
        data: series.values.map(() => g.value),
        borderColor: i === guides.length - 1 ? CHART_COLORS.guideStrong : CHART_COLORS.guide,
        borderDash: [6, 5],
        borderWidth: 1.5,
        pointRadius: 0,
        fill: false,
      })),
    ];
    const chart = new Chart(ref.current, {
      type: 'line',
      data: { labels: series.labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 400 },
        events: [],
        layout: { padding: { top: 8, right: 8 } },
        scales: {
          y: { min: 0, max: 100, ticks: { stepSize: 20, font: { size: 13 } }, grid: { color: CHART_COLORS.grid } },
          x: { ticks: { font: { size: 13 }, maxRotation: 0, autoSkip: true }, grid: { display: false }, offset: series.values.length < 3 },
        },
      },
    });
    return () => chart.destroy();
  }, [series, type]);
  // The picture's text alternative carries its points (issue #18, WCAG 1.1.1).
  const summary = series.values.map((v, i) => `${series.labels[i]} ${Math.round(v * 10) / 10}分`).join('，');
  return <canvas ref={ref} role="img" aria-label={`${label}转化分变化折线图：${summary}`} />;
}
