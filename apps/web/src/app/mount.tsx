import { startTransition, StrictMode, useEffect, useLayoutEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { endHydration, startHydration } from '../lib/hydration.ts';
import { RootLayout } from './root-layout.tsx';

/**
 * Puts the app on screen once the first screen's chunk is in. Prerendered pages are hydrated: React
 * adopts the markup on screen instead of painting it again (the largest paint stays the HTML's).
 * Other pages render in a transition, in small slices, so taking over never blocks taps (TBT, issue
 * #6). This module (react-dom) is its own chunk, evaluated in its own task after the entry's.
 */
export function mount(prerendered: boolean, onHydrated: () => void): void {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <RootLayout />
      </BrowserRouter>
      <Hydrated onDone={onHydrated} />
    </StrictMode>
  );
  if (prerendered) {
    startHydration();
    startTransition(() => void hydrateRoot(container, app));
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

/**
 * Calls onDone once the tree above is on the page (hydrated, for prerendered pages) and the updates
 * its first effects made are rendered too (e.g. the login screen adopting digits typed early, stores
 * switching to their client values). Its own update rides in the same render as those.
 */
function Hydrated({ onDone }: { onDone: () => void }) {
  const [settled, setSettled] = useState(false);
  // Last of the tree's layout effects: the hydrating render is committed (lib/hydration.ts).
  useLayoutEffect(endHydration, []);
  useEffect(() => {
    if (settled) onDone();
    else setSettled(true);
  }, [settled, onDone]);
  return null;
}
