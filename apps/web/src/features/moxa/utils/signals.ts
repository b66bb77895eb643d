/**
 * A guided session's signals (issue #18, issue #32 item 3): the end of a point and the half-time side
 * switch, each a few tones through Web Audio and a vibration, where the phone allows.
 * Browsers start audio only after a tap, so `primeAudio` runs on the start button; without a
 * context (or when the phone refuses) the screen's own message is the signal.
 */
let ctx: AudioContext | null = null;

export function primeAudio(): void {
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    ctx ??= new Ctor();
    if (ctx.state === 'suspended') void ctx.resume();
  } catch {
    ctx = null;
  }
}

export function chime(): void {
  vibrate([300, 150, 300]);
  beeps(880, 3, 0.5, 0.35);
}

/** `count` short tones of `hz`, one every `every` seconds, each `length` seconds long. */
function beeps(hz: number, count: number, every: number, length: number): void {
  if (!ctx) return;
  try {
    const start = ctx.currentTime + 0.05;
    for (let i = 0; i < count; i++) {
      const at = start + i * every;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + length + 0.05);
    }
  } catch {
    // No sound: the vibration and the screen still tell.
  }
}

export function vibrate(pattern: number | number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Not allowed here (iOS has no vibration API).
  }
}

/**
 * 换另一侧 (issue #32 item 3): two short beeps, lower than the end-of-point chime so the two are
 * told apart without looking, and a vibration where the phone allows.
 */
export function sideSwitchSignal(): void {
  vibrate([200, 100, 200]);
  beeps(660, 2, 0.3, 0.2);
}
