import { splitHighlight } from '../lib/highlight.ts';

/** Text with the matched characters marked (issue #4 search: highlight what matched). */
export function HighlightText({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] }) {
  return (
    <>
      {splitHighlight(text, ranges).map((s, i) =>
        s.hit ? (
          <mark key={i} className="hl-mark">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
