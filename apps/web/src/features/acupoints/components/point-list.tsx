import type { ReactNode } from 'react';
import type { AcupointSummary } from '@moxa/core/acupoints/acupoint-contract';
import { MoxaBadge } from './moxa-badge.tsx';
import { Chevron } from '../../../components/icons.tsx';
import { Link } from '../../../components/link.tsx';

export const acupointPath = (code: string) => `/acupoint_detail/${encodeURIComponent(code)}`;
export const meridianPath = (code: string) => `/meridian_detail/${encodeURIComponent(code)}`;

type RowProps = {
  point: AcupointSummary;
  /** Replaces the plain name, e.g. with highlighted characters. */
  name?: ReactNode;
  /** Second line; defaults to code · meridian · the first indications. */
  meta?: ReactNode;
  /** A leading number (order on the meridian, matching the chart's dots). */
  index?: number;
  meridianName?: string;
  onOpen?: () => void;
};

/** One point as a full-width row (≥ 56 px) linking to its detail. */
export function PointRow({ point, name, meta, index, meridianName, onOpen }: RowProps) {
  return (
    <li>
      <Link to={acupointPath(point.code)} className="acu-row" onClick={onOpen}>
        {index !== undefined && (
          <span className="acu-row-index" aria-hidden="true">
            {index}
          </span>
        )}
        <span className="acu-row-main">
          <span className="acu-row-title">
            <span className="acu-row-name">{name ?? point.name}</span>
            <span className="acu-row-pinyin acu-pinyin">{point.pinyin}</span>
          </span>
          <span className="acu-row-meta">
            {meta ?? (
              <>
                <span className="acu-code">{point.code}</span>
                {meridianName && <span> · {meridianName}</span>}
                <span> · {point.indications.slice(0, 3).join('、')}</span>
              </>
            )}
          </span>
        </span>
        <MoxaBadge level={point.moxaLevel} />
        <Chevron className="acu-chevron" />
      </Link>
    </li>
  );
}

export function PointList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="acu-list" aria-label={label}>
      {children}
    </ul>
  );
}
