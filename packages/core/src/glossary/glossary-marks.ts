/**
 * Where glossary terms stand in a page's texts (issue #26 "Plain words for jargon"): the first
 * occurrence of each term on a page is marked. Pure and free of zod, so the web's content chunks use
 * it without the schema library, and the same texts always give the same marks (StrictMode's double
 * render, a prerender and the browser agree).
 *
 * Rules:
 * - leftmost-longest: at each place the longest term or alias wins (同身寸 before 寸), and the
 *   characters it covers are not searched again for shorter terms;
 * - a one-character term (寸, 壮) is a measure word: it is marked only right after a number
 *   (3寸, 1.5寸, 三壮, 5～7壮), so 强壮 and 寸口 are left alone;
 * - a term ending in 穴 is not marked when 位 follows: that 穴 belongs to 穴位 (主要穴位 is not 要穴,
 *   胃经穴位 not 经穴);
 * - a term that is the whole text of its block (a table cell or list item holding just 拇指同身寸) is
 *   a label, not a word in a sentence: it is not marked there (a lone mark would be a control of its
 *   own, too small for 长辈版's 60 px targets) and its first occurrence is looked for further on;
 * - first occurrence per page: a term already marked in an earlier text, or earlier in the same
 *   text, is not marked again — under any of its names.
 */
export type GlossaryWords = { id: string; term: string; aliases: readonly string[] };

/** A marked range [start, end) of one text, and the term it names. */
export type GlossMark = { start: number; end: number; id: string };

type Entry = { word: string; id: string };
/** Terms and aliases by their first character, longest first. */
export type GlossaryMatcher = ReadonlyMap<string, readonly Entry[]>;

const NUMERAL = /[0-9０-９一二三四五六七八九十百千半两几数余多]/;

export function glossaryMatcher(terms: readonly GlossaryWords[]): GlossaryMatcher {
  const byFirst = new Map<string, Entry[]>();
  for (const t of terms) {
    for (const word of new Set([t.term, ...t.aliases])) {
      if (!word) continue;
      const first = word[0]!;
      const list = byFirst.get(first) ?? [];
      list.push({ word, id: t.id });
      byFirst.set(first, list);
    }
  }
  // Longest first; the tie-break only makes the order stable (two words of one length cannot both match
  // at one place). By code unit, not localeCompare: ICU collation made this sort 10 ms of a detail
  // page's start on a phone-speed CPU (issue #33).
  for (const list of byFirst.values())
    list.sort((a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  return byFirst;
}

/** Whether `word` at `i` is the term and not part of another word (see the rules above). */
function standsAlone(text: string, i: number, word: string): boolean {
  if (word.length === 1) return i > 0 && NUMERAL.test(text[i - 1]!);
  return !(word.endsWith('穴') && text[i + word.length] === '位');
}

/** Every term in a text, leftmost-longest and non-overlapping, repeats included. */
export function findTerms(text: string, matcher: GlossaryMatcher): GlossMark[] {
  const out: GlossMark[] = [];
  let i = 0;
  while (i < text.length) {
    const entry = matcher.get(text[i]!)?.find((e) => text.startsWith(e.word, i) && standsAlone(text, i, e.word));
    if (entry) {
      out.push({ start: i, end: i + entry.word.length, id: entry.id });
      i += entry.word.length;
    } else i += 1;
  }
  return out;
}

/**
 * The marks of a page's texts, given in document order: each term only where it first occurs.
 * `seen` carries terms already marked by earlier texts (it is filled in as the texts are read).
 * `blocks[i]` is the whole text of the block texts[i] stands in (rich text: its paragraph, cell or
 * list item); by default the text itself.
 */
export function firstMarks(
  texts: readonly string[],
  matcher: GlossaryMatcher,
  seen: Set<string> = new Set(),
  blocks: readonly string[] = texts,
): GlossMark[][] {
  return texts.map((text, i) => {
    const block = (blocks[i] ?? text).trim();
    return findTerms(text, matcher).filter((m) => {
      if (seen.has(m.id) || text.slice(m.start, m.end) === block) return false;
      seen.add(m.id);
      return true;
    });
  });
}

/** A text cut at its marks: plain strings and marked pieces, in order. */
export type GlossPiece = string | { text: string; id: string };
export function splitAtMarks(text: string, marks: readonly GlossMark[]): GlossPiece[] {
  const out: GlossPiece[] = [];
  let at = 0;
  for (const m of marks) {
    if (m.start > at) out.push(text.slice(at, m.start));
    out.push({ text: text.slice(m.start, m.end), id: m.id });
    at = m.end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
