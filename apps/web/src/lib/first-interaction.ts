/** What counts as the user turning to the page: a touch or click, a key, a scroll. */
const EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * Calls `fn` once, at the user's first touch, key or scroll on `target` (the window), and returns
 * a function that stops waiting. For code that serves a later tap — the glossary sheet (issue #26):
 * loading it with the page put 30 KB of the UI kit's script on the main thread of every content
 * page's start (issue #33), while the user's first touch or scroll comes well before the tap that
 * opens the sheet, and a tap's own pointerdown comes before its click.
 */
export function onFirstInteraction(target: EventTarget, fn: () => void): () => void {
  const opts = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of EVENTS) target.removeEventListener(type, fire, opts);
  };
  function fire() {
    stop();
    fn();
  }
  for (const type of EVENTS) target.addEventListener(type, fire, opts);
  return stop;
}
