import { useState } from 'react';
import type { PlanPoint } from '@moxa/core/moxa/moxa-contract';
import { PointChart } from '../../../components/point-chart.tsx';

/** Before a point's countdown (issue #18): how to find it and what to watch for; a 慎灸 point needs a confirmation first. */
export function BeforePoint({ point, onStart, onSkip }: { point: PlanPoint; onStart: () => void; onSkip: () => void }) {
  const [understood, setUnderstood] = useState(false);
  const pregnancy = point.cautions.filter((c) => c.includes('孕'));
  const others = point.cautions.filter((c) => !c.includes('孕'));
  const needsConfirm = point.level === 'caution';
  return (
    <>
      {point.chart && <PointChart mark={point.chart} name={point.name} bilateral={point.bilateral} />}
      <h3 className="mx-sub">怎么找</h3>
      <p>{point.findMethod}</p>
      <p className="muted">定位：{point.location}</p>
      {point.note && <p className="notice">{point.note}</p>}
      {pregnancy.length > 0 && (
        <div className="mx-warn" role="note">
          <b>孕期注意</b>
          {pregnancy.map((c) => (
            <p key={c}>{c}</p>
          ))}
        </div>
      )}
      {(needsConfirm || others.length > 0) && (
        <div className={needsConfirm ? 'mx-warn' : 'mx-caution'} role="note">
          <b>{needsConfirm ? '此穴慎灸' : '注意'}</b>
          {others.map((c) => (
            <p key={c}>{c}</p>
          ))}
        </div>
      )}
      {needsConfirm && (
        <label className="check-row">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          我已阅读以上注意事项，确认可以灸
        </label>
      )}
      <button type="button" className="btn btn-primary btn-block" disabled={needsConfirm && !understood} onClick={onStart}>
        开始计时 {point.minutes} 分钟
      </button>
      <button type="button" className="btn btn-plain btn-block" onClick={onSkip}>
        跳过此穴
      </button>
    </>
  );
}
