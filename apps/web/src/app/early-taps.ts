/**
 * Taps on a prerendered page before the app has taken it over (issue #6). The page is on screen
 * from its HTML while react-dom and the screen's chunk still download; until React has hydrated it,
 * a button does nothing. So from the moment this entry script runs, taps on buttons and form
 * submissions inside the app are held, and replayed in order once the app is alive. Links are left
 * alone: they navigate natively, which works with or without the app.
 *
 * What was typed meanwhile stays in the inputs (hydration keeps an input's value) and the screens
 * that have inputs adopt it into their state on mount (e.g. the login screen), before the replay.
 */
export function holdEarlyTaps(root: HTMLElement): () => void {
  const held: Array<() => void> = [];

  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('button, [role="button"]') : null;
    if (!button || !root.contains(button)) return;
    // Also cancels a submit button's native submission (a page reload that would drop the typing).
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(() => button.click());
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement;
    if (!root.contains(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(() => form.requestSubmit());
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);

  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    // One tap per task, so each sees the screen as the previous one left it (a second tap on
    // 获取验证码 meets a disabled button, as it would have after the app took over).
    const next = () => {
      const replay = held.shift();
      if (!replay) return;
      replay();
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  };
}
