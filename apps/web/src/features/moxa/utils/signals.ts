/**
 * End-of-point signals (issue #18): a chime through Web Audio and a vibration, where the phone allows.
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
  if (!ctx) return;
  try {
    const start = ctx.currentTime + 0.05;
    for (let i = 0; i < 3; i++) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start + i * 0.5);
      gain.gain.exponentialRampToValueAtTime(0.3, start + i * 0.5 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.5 + 0.35);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.5);
      osc.stop(start + i * 0.5 + 0.4);
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
