import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RichText } from '@moxa/core/content/rich-text';
import { onFirstInteraction } from '../lib/first-interaction.ts';
import { useGlossary } from '../lib/glossary.ts';
import { useWhenIdle } from '../lib/use-when-idle.ts';
import type { Gloss } from './glossary-marker.tsx';

export type { Gloss };
/** A text a page shows, for glossary marking: plain text (<Glossed>) or rich text (<RichTextView>). */
export type GlossSource = string | RichText | null | undefined;

/**
 * Plain words for jargon (issue #26): the first occurrence of each glossary term on a page is marked,
 * and tapping it explains the term in a sheet.
 *
 * A page lists the texts it shows, in the order it shows them, and passes the answer to each
 * <Glossed> and <RichTextView>; it renders the returned sheet anywhere (it opens over the page).
 * The marks are a pure function of that ordered list and the glossary (glossary-marker.tsx), never a
 * set filled in while rendering, so StrictMode's double render and any re-render mark the same words.
 *
 * Nothing here holds back the first paint: the page renders plain text; once the screen is idle the
 * glossary is fetched (once per visit, shared with /glossary) and the marking code loads in its own
 * chunk, and only then do the marks appear — as an underline, so nothing moves. `sources` should keep
 * its identity between renders (useMemo on the page's data).
 */
export function useGlossaryMarks(sources: readonly GlossSource[]): [gloss: Gloss | null, sheet: ReactNode] {
  const idle = useWhenIdle();
  const { data: terms } = useGlossary(idle);
  const [marker, setMarker] = useState<typeof import('./glossary-marker.tsx') | null>(null);
  const [open, setOpen] = useState<{ id: string; from: HTMLElement } | null>(null);
  useEffect(() => {
    if (terms) void import('./glossary-marker.tsx').then(setMarker);
  }, [terms]);
  const gloss = useMemo(
    () => (marker && terms ? marker.makeGloss(sources, terms, (id, from) => setOpen({ id, from })) : null),
    [marker, terms, sources],
  );
  useEffect(() => {
    // Something to tap: the sheet's code comes at the user's first touch or scroll, ahead of the
    // tap, not while the page is still starting (issue #33).
    if (gloss?.marked && marker) return onFirstInteraction(window, marker.preloadSheet);
  }, [gloss, marker]);
  const sheet = open && marker && terms ? marker.sheet(terms, open, () => setOpen(null)) : null;
  return [gloss, sheet];
}

/** A plain text with its glossary marks once they are in. */
export function Glossed({ text, gloss }: { text: string; gloss: Gloss | null }) {
  return gloss ? gloss.text(text) : text;
}
