import { lazy, Suspense, type RefObject } from 'react';

const ReadAloudControls = lazy(() => import('./read-aloud-controls.tsx'));

/**
 * 朗读 on detail pages (issue #18). The controls load after the screen has rendered, so detail screens
 * stay within their chunk budget; they show nothing until a Mandarin voice is known anyway.
 */
export function ReadAloud({ source }: { source: RefObject<HTMLElement | null> }) {
  return (
    <Suspense fallback={null}>
      <ReadAloudControls source={source} />
    </Suspense>
  );
}
