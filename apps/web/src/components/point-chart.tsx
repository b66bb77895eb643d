import { useState } from 'react';
import './point-chart.css';
import type { ChartMark } from '@moxa/core/acupoints/acupoint-contract';
import { chartImageUrl, useCharts } from '../lib/charts.ts';
import { useInView } from '../lib/use-in-view.ts';
import { focusBox, viewBoxAttr } from '../lib/chart-geometry.ts';

/** CSS px the figure is drawn at, at most (issue #4: width 100 %, max ~340 px). */
const MAX_PX = 340;

/**
 * The body chart with one point marked by a pulsing dot and its name (issue #4 detail). Tall
 * full-body figures open on the part around the point (readable at phone width), with a button to
 * see the whole figure. The figure loads when it scrolls near, or with the page where the screen
 * shows it on its first screen (`eager`).
 */
export function PointChart({
  mark,
  name,
  bilateral,
  eager = false,
}: {
  mark: ChartMark;
  name: string;
  bilateral: boolean;
  eager?: boolean;
}) {
  const charts = useCharts();
  const [ref, inView] = useInView<HTMLDivElement>(200, eager);
  const [whole, setWhole] = useState(false);
  if (charts.isError) {
    return (
      <p className="point-chart-failed">
        图示没有加载出来。
        <button type="button" className="acu-chart-retry" onClick={() => void charts.refetch()}>
          重试
        </button>
      </p>
    );
  }
  const view = charts.data?.find((v) => v.id === mark.view);
  if (charts.data && !view) return null;
  const full = view ? { x: 0, y: 0, width: view.width, height: view.height } : null;
  const focus = view ? focusBox(view, mark) : null;
  const canZoom = Boolean(full && focus && focus.height < full.height);
  const box = (whole ? full : focus) ?? { x: 0, y: 0, width: 3, height: 4 };
  // Viewbox units per CSS px, so marks keep their on-screen size whatever the figure's units.
  const u = box.width / MAX_PX;
  const labelLeft = mark.x - box.x > box.width * 0.62;
  return (
    <figure className="acu-chart">
      <div ref={ref} className="acu-chart-frame" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
        {view && inView && (
          <svg viewBox={viewBoxAttr(box)} role="img" aria-label={`${name}在${view.name}图中的位置`}>
            <image href={chartImageUrl(view.id)} x={0} y={0} width={view.width} height={view.height} />
            <circle className="acu-pulse" cx={mark.x} cy={mark.y} r={16 * u} />
            <circle cx={mark.x} cy={mark.y} r={7 * u} className="acu-marker" strokeWidth={2.5 * u} />
            <text
              x={mark.x + (labelLeft ? -13 : 13) * u}
              y={mark.y + 6 * u}
              textAnchor={labelLeft ? 'end' : 'start'}
              fontSize={17 * u}
              strokeWidth={4 * u}
              className="acu-chart-label"
            >
              {name}
            </text>
          </svg>
        )}
      </div>
      <figcaption className="acu-chart-caption">
        <span>
          {view ? `${view.name}示意图` : '示意图'}
          {bilateral ? ' · 左右各一穴' : ''}
        </span>
        {canZoom && (
          <button type="button" className="chip acu-chart-zoom" onClick={() => setWhole((w) => !w)} aria-pressed={whole}>
            {whole ? '看局部' : '看全身'}
          </button>
        )}
      </figcaption>
    </figure>
  );
}
