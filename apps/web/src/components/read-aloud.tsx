import { lazy, Suspense, type RefObject } from 'react';
import { useWhenIdle } from '../lib/use-when-idle.ts';

const ReadAloudControls = lazy(() => import('./read-aloud-controls.tsx'));

/**
 * 朗读 on detail pages (issue #18). The controls load once the screen has painted and the browser is
 * idle, so detail screens stay within their chunk budget and their first paint does not wait; they
 * show nothing until a Mandarin voice is known anyway.
 */
export function ReadAloud({ source }: { source: RefObject<HTMLElement | null> }) {
  const idle = useWhenIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <ReadAloudControls source={source} />
    </Suspense>
  );
}
