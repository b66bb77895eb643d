import { Suspense, type ReactNode } from 'react';
import { isHydrating, laterTask } from '../lib/hydration.ts';

/**
 * Hydrates its child in a task after the rest of the prerendered page (issue #33 item 3: no start-up
 * task long enough to keep a tap waiting). While the page is hydrated the child suspends; Preact
 * (decision 044) keeps the markup of a component that suspends while hydrating on screen, and hydrates
 * it when the promise settles. Rendered normally (a page that was not prerendered, any later render)
 * it is just its child.
 *
 * The child must render exactly one element (the markup Preact keeps is one node), and at its first
 * render exactly what the prerender showed: by then the rest of the page has switched to the client
 * values of its stores (lib/hydration.ts), and hydration does not correct attributes. So nothing in it
 * reads a store or the clock in its first render (the clock comes from an effect, lib/use-now.ts).
 * Its links work before it is hydrated: they are plain links.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

function Gate({ children }: { children: ReactNode }) {
  if (isHydrating()) throw laterTask();
  return <>{children}</>;
}
