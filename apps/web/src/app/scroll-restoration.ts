import { useLayoutEffect } from 'react';
import type { Location, NavigationType } from 'react-router';
import { KEEP_SCROLL_STATE, setRestoresScroll } from '../lib/navigation.ts';

const STORAGE_KEY = 'moxa:scroll';

// Positions by history entry, kept across reloads for the tab's life (issue #2: back/forward
// restore the place; a new navigation starts at the top).
let positions: Record<string, number> = {};
let currentKey = '';
let listening = false;

let loaded = false;
function load() {
  if (loaded) return;
  loaded = true;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
}

function listen() {
  if (listening) return;
  listening = true;
  window.history.scrollRestoration = 'manual';
  load();
  // The position is recorded while the page is read, so it is known before the next screen
  // replaces this one (by then the old page's height, and so its scroll, is gone).
  window.addEventListener('scroll', () => (positions[currentKey] = window.scrollY), { passive: true });
  window.addEventListener('pagehide', () => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    } catch {
      /* storage full or blocked: restoring after a reload is a nicety */
    }
  });
}

/**
 * Scroll restoration for the declarative router (what <ScrollRestoration> does for data routers), for
 * the location on screen (app/root-layout.tsx: the router's, once its screen is in).
 */
export function useScrollRestoration(location: Location, navigationType: NavigationType): void {
  // Rendering a new location: the old screen is still on the page, so its position is read here,
  // even if its last scroll event has not been dispatched yet (a scroll right before back).
  if (currentKey && location.key !== currentKey) positions[currentKey] = window.scrollY;
  // Said before the screen renders, so a long list renders whole when a place on it comes back.
  load();
  setRestoresScroll(navigationType === 'POP' && (positions[location.key] ?? 0) > 0);
  useLayoutEffect(() => {
    listen();
    const first = currentKey === '';
    currentKey = location.key;
    const saved = positions[location.key];
    if (navigationType === 'POP') {
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (!first) window.scrollTo(0, 0);
      return;
    }
    if ((location.state as { keepScroll?: boolean } | null)?.keepScroll === KEEP_SCROLL_STATE.keepScroll) return;
    window.scrollTo(0, 0);
  }, [location, navigationType]);
}
