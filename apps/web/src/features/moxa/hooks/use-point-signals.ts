import { useEffect, useRef, useState } from 'react';
import { HEAT_REMINDER_SECONDS } from '@moxa/core/moxa/moxa-rules';
import { isTimeUp, remindersDue, sideSwitchNow, type ActiveSession } from '../utils/session-clock.ts';
import { chime, sideSwitchSignal, vibrate } from '../utils/signals.ts';

/** How long the heat reminder and the 换另一侧 cue stay on screen unless dismissed. */
const REMINDER_MS = 20_000;
const SWITCH_CUE_MS = 60_000;

/**
 * What a running point signals (issue #18, issue #32 item 3): the end of the point once (a chime, a
 * vibration; the flag is stored, so a reload does not repeat it), 换另一侧 once at half time on a
 * bilateral point (a beep, a vibration and a large cue; stored too), and a heat reminder every few
 * minutes of running (reminders missed while the page was away are not replayed, decision 018).
 */
export function usePointSignals(session: ActiveSession, now: number, onChange: (s: ActiveSession) => void) {
  const running = session.pointStartedAt !== null && session.pausedAt === null;
  const started = session.pointStartedAt !== null;
  const timeUp = isTimeUp(session, now);

  useEffect(() => {
    if (timeUp && !session.signalled) {
      chime();
      onChange({ ...session, signalled: true });
    }
  }, [timeUp, session, onChange]);

  const [switchCue, setSwitchCue] = useState(false);
  const switchDue = sideSwitchNow(session, now);
  useEffect(() => {
    if (!switchDue) return;
    sideSwitchSignal();
    setSwitchCue(true);
    onChange({ ...session, sideSwitched: true });
  }, [switchDue, session, onChange]);
  useEffect(() => {
    if (!switchCue) return;
    const t = window.setTimeout(() => setSwitchCue(false), SWITCH_CUE_MS);
    return () => window.clearTimeout(t);
  }, [switchCue]);
  // The cue belongs to its point: moving on or ending the point takes it away.
  useEffect(() => setSwitchCue(false), [session.index]);

  const due = started ? remindersDue(session, now, HEAT_REMINDER_SECONDS) : 0;
  const shown = useRef(due);
  const [reminder, setReminder] = useState(false);
  useEffect(() => {
    if (due > shown.current && running && !timeUp) {
      setReminder(true);
      vibrate(200);
      const t = window.setTimeout(() => setReminder(false), REMINDER_MS);
      shown.current = due;
      return () => window.clearTimeout(t);
    }
    shown.current = due;
  }, [due, running, timeUp]);

  return { timeUp, reminder, switchCue: switchCue && !timeUp, dismissSwitchCue: () => setSwitchCue(false) };
}
