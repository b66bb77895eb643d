import { useElderMode } from '../lib/elder-mode.ts';

/**
 * The 长辈版 switch (issue #18) on home and 我的: the whole row is the target (issue #32 item 4), and
 * its on/off look follows html[data-elder] in CSS, so a prerendered page shows the right state
 * before the app starts.
 */
export function ElderSwitch({ hint }: { hint: string }) {
  const [elder, setElder] = useElderMode();
  return (
    <button type="button" role="switch" aria-checked={elder} className="elder-switch" onClick={() => setElder(!elder)}>
      <span className="elder-switch-text">
        <span className="elder-switch-name">长辈版</span>
        <span className="elder-switch-hint">{hint}</span>
      </span>
      <span className="elder-switch-track" aria-hidden="true" />
    </button>
  );
}
