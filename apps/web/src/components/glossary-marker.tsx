import { lazy, Suspense, type KeyboardEvent, type ReactNode } from 'react';
import type { RichText } from '@moxa/core/content/rich-text';
import type { GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { firstMarks, glossaryMatcher, splitAtMarks, type GlossMark } from '@moxa/core/glossary/glossary-marks';
import { markRichText, richTextNodes } from '@moxa/core/glossary/rich-text-marks';
import type { TagRenderer } from '../lib/rich-text-render.ts';
import type { GlossSource } from './use-glossary-marks.tsx';
import './glossary.css';

/**
 * The glossary marking code (issue #26), loaded in its own chunk once a page is idle and the glossary
 * has arrived (use-glossary-marks.tsx), so the content screens' chunks stay within their budgets.
 */
export type Gloss = {
  /** Whether any word of the page is marked. */
  marked: boolean;
  /** A plain text of the page with its marks. */
  text: (text: string) => ReactNode;
  /** A rich text of the page with its marked words wrapped as `<span data-gloss>`. */
  rich: (tree: RichText) => RichText;
  /** Renders those spans (RichTextView's `span`). */
  span: TagRenderer;
};

type Open = (id: string, from: HTMLElement) => void;

// One matcher per glossary answer (the query keeps its identity for the visit): every page marked
// with it, and every re-render of one, reuses the index instead of building it again.
const matchers = new WeakMap<readonly GlossaryTerm[], ReturnType<typeof glossaryMatcher>>();
const matcherFor = (terms: readonly GlossaryTerm[]) => {
  let m = matchers.get(terms);
  if (!m) matchers.set(terms, (m = glossaryMatcher(terms)));
  return m;
};

/**
 * Each term's first occurrence over the sources, in their order. A text that occurs twice in
 * `sources` takes its marks from its first place (marks are looked up by the text itself).
 */
export function makeGloss(sources: readonly GlossSource[], terms: readonly GlossaryTerm[], open: Open): Gloss {
  const matcher = matcherFor(terms);
  const seen = new Set<string>();
  const texts = new Map<string, GlossMark[]>();
  const trees = new Map<RichText, RichText>();
  for (const s of sources) {
    if (!s) continue;
    if (typeof s === 'string') {
      if (!texts.has(s)) texts.set(s, firstMarks([s], matcher, seen)[0]!);
    } else if (!trees.has(s)) {
      const { texts: nodes, blocks } = richTextNodes(s);
      trees.set(s, markRichText(s, firstMarks(nodes, matcher, seen, blocks)));
    }
  }
  return {
    marked: seen.size > 0,
    text: (text) => {
      const marks = texts.get(text);
      if (!marks?.length) return text;
      // As in markRichText: only the text before the first mark keeps the painted text node.
      return splitAtMarks(text, marks).map((p, i) =>
        typeof p !== 'string' ? <GlossTerm key={i} id={p.id} word={p.text} open={open} /> : i === 0 ? p : <span key={i}>{p}</span>,
      );
    },
    rich: (tree) => trees.get(tree) ?? tree,
    span: (props) => {
      const id = props['data-gloss'];
      return typeof id === 'string' && typeof props.children === 'string' ? (
        <GlossTerm id={id} word={props.children} open={open} />
      ) : (
        <span>{props.children}</span>
      );
    },
  };
}

/**
 * One marked word: a button in the running text (role=button on a span, so it wraps with its line
 * and keeps the line's size), named for screen readers, opening the term's sheet.
 */
function GlossTerm({ id, word, open }: { id: string; word: string; open: Open }) {
  const onKey = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(id, e.currentTarget);
    }
  };
  return (
    <span
      role="button"
      tabIndex={0}
      className="gloss"
      aria-haspopup="dialog"
      aria-label={`术语：${word}，点按查看解释`}
      onClick={(e) => open(id, e.currentTarget)}
      onKeyDown={onKey}
    >
      {word}
    </span>
  );
}

const GlossarySheet = lazy(() => import('./glossary-sheet.tsx'));
export const preloadSheet = () => void import('./glossary-sheet.tsx');

/** The open term's sheet; closing it returns focus to the word that opened it. */
export function sheet(terms: readonly GlossaryTerm[], open: { id: string; from: HTMLElement }, close: () => void): ReactNode {
  const term = terms.find((t) => t.id === open.id);
  if (!term) return null;
  return (
    <Suspense fallback={null}>
      <GlossarySheet
        term={term}
        onClose={() => {
          close();
          if (open.from.isConnected) open.from.focus({ preventScroll: true });
        }}
      />
    </Suspense>
  );
}
