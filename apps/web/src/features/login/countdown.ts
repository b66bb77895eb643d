/**
 * Spec §4 resend countdown: from `seconds` down to 0, one tick per second; `onTick` gets the
 * seconds left (0 at the end, when the timer stops by itself). Returns a cancel function, called
 * when the page is left.
 */
export function startCountdown(seconds: number, onTick: (remaining: number) => void, tickMs = 1000): () => void {
  let remaining = seconds;
  onTick(remaining);
  const timer = setInterval(() => {
    remaining -= 1;
    onTick(remaining);
    if (remaining <= 0) clearInterval(timer);
  }, tickMs);
  return () => clearInterval(timer);
}
