import { useEffect, useState } from 'react';

/**
 * False until the screen has painted and the browser has a moment to spare (requestIdleCallback, at
 * most 1.5 s; a short timer where it is missing, as in iOS WebViews). Extras that load their own chunk
 * (收藏, 朗读, the 长辈版 switch) wait for it: loading them with the screen's first render held back
 * its largest paint (the point chart) behind their chunks (issue #6 budgets, issue #18).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const t = window.setTimeout(() => setIdle(true), 300);
    return () => window.clearTimeout(t);
  }, []);
  return idle;
}
