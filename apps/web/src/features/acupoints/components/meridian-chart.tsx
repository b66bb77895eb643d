import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ChartMark } from '@moxa/core/acupoints/acupoint-contract';
import type { ChartView } from '@moxa/core/acupoints/meridian-contract';
import { chartImageUrl } from '../../../lib/charts.ts';
import { useInView } from '../../../lib/use-in-view.ts';
import { consecutiveRuns, fitBox, labelledDots, viewBoxAttr } from '../../../lib/chart-geometry.ts';
import { acupointPath } from './point-list.tsx';
// The chart frame is the shared kit's (components/point-chart.css): one look for every body chart.
import { Link } from '../../../components/link.tsx';
import '../../../components/point-chart.css';

export type ChartedPoint = { code: string; name: string; order: number; chart: ChartMark };

const MAX_PX = 340;

/**
 * One chart view of a meridian (issue #4): the figure, a line joining this view's points in
 * meridian order, and a tappable numbered dot per point; a legend of the same numbers with the
 * names under it gives each point a full-size touch target at phone width.
 */
export function MeridianChart({ view, points, meridianName }: { view: ChartView; points: ChartedPoint[]; meridianName: string }) {
  const navigate = useNavigate();
  const [ref, inView] = useInView<HTMLDivElement>();
  const box = fitBox(
    view,
    points.map((p) => p.chart),
  );
  const u = box.width / MAX_PX;
  const labels = labelledDots(
    points.map((p) => p.chart),
    22 * u,
  );
  const runs = consecutiveRuns(points);
  const open = (e: MouseEvent, code: string) => {
    e.preventDefault();
    void navigate(acupointPath(code));
  };
  return (
    <figure className="acu-chart acu-chart-path">
      <div ref={ref} className="acu-chart-frame" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
        {inView && (
          <svg viewBox={viewBoxAttr(box)} role="group" aria-label={`${meridianName}${view.name}循行图`}>
            <image href={chartImageUrl(view.id)} x={0} y={0} width={view.width} height={view.height} />
            {/* Solid within a run of consecutive points, dashed where the path leaves this view and comes back. */}
            {runs.slice(1).map((run, i) => {
              const prev = runs[i]![runs[i]!.length - 1]!;
              return (
                <line
                  key={`gap-${run[0]!.code}`}
                  x1={prev.chart.x}
                  y1={prev.chart.y}
                  x2={run[0]!.chart.x}
                  y2={run[0]!.chart.y}
                  className="acu-path-gap"
                  strokeWidth={1.5 * u}
                  strokeDasharray={`${4 * u} ${4 * u}`}
                />
              );
            })}
            {runs
              .filter((run) => run.length > 1)
              .map((run) => (
                <polyline
                  key={run[0]!.code}
                  points={run.map((p) => `${p.chart.x},${p.chart.y}`).join(' ')}
                  className="acu-path-line"
                  strokeWidth={3 * u}
                />
              ))}
            {points.map((p) => (
              <a key={p.code} href={acupointPath(p.code)} onClick={(e) => open(e, p.code)} aria-label={`${p.order} ${p.name}`}>
                <circle cx={p.chart.x} cy={p.chart.y} r={13 * u} className="acu-hit" />
                <circle cx={p.chart.x} cy={p.chart.y} r={5.5 * u} className="acu-dot" strokeWidth={2 * u} />
              </a>
            ))}
            {/* Numbers last so no dot covers them. */}
            <g aria-hidden="true" className="acu-dot-labels">
              {points.map((p, i) =>
                labels[i] ? (
                  <text
                    key={p.code}
                    x={p.chart.x + 8 * u}
                    y={p.chart.y - 6 * u}
                    fontSize={13 * u}
                    strokeWidth={3.5 * u}
                    className="acu-dot-label"
                  >
                    {p.order}
                  </text>
                ) : null,
              )}
            </g>
          </svg>
        )}
      </div>
      <figcaption>
        <ol className="acu-legend" aria-label={`${view.name}图中的穴位`}>
          {points.map((p) => (
            <li key={p.code}>
              <Link to={acupointPath(p.code)} className="acu-legend-item">
                <span className="acu-legend-no">{p.order}</span>
                {p.name}
              </Link>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
