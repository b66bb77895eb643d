/**
 * In-memory ranked search over short Chinese entries (acupoints today; diseases, products and
 * videos join by mapping their rows to SearchDoc). Matches the Chinese name, full pinyin with or
 * without tones, pinyin initials, codes (with aliases) and keywords; exact and prefix matches rank
 * first. Pure and synchronous so the server and the offline web app share it.
 */
export type SearchDoc = {
  id: string;
  name: string;
  /** Tone-marked pinyin, one syllable per character of `name`, separated by spaces. */
  pinyin: string;
  codes: readonly string[];
  keywords: readonly string[];
  /** Other names the item is known by (variant characters such as 清冷渊 for 清泠渊), with their pinyin. */
  aliases?: readonly { name: string; pinyin: string }[];
  /** Higher boosts ties (e.g. common moxibustion points). */
  boost?: number;
};

export type SearchHit<D extends SearchDoc> = {
  doc: D;
  score: number;
  /** Character ranges [start, end) of `name` to highlight. */
  nameRanges: [number, number][];
  /** The keyword that matched, with its range, when the match came from keywords. */
  keyword: { text: string; range: [number, number] } | null;
};

type Prepared<D extends SearchDoc> = {
  doc: D;
  order: number;
  name: string;
  syllables: string[];
  plain: string;
  initials: string;
  codes: string[];
  keywords: string[];
  aliases: { name: string; plain: string; initials: string; syllables: string[] }[];
};

export type SearchIndex<D extends SearchDoc> = { entries: Prepared<D>[] };

/** Lower-case, strip tone marks and spaces, ü → v (the usual keyboard spelling). */
export function normalizePinyin(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[uU]\u0308/g, 'v')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s'’-]/g, '');
}

export const normalizeCode = (s: string): string => s.toUpperCase().replace(/[\s_-]/g, '');

export function buildSearchIndex<D extends SearchDoc>(docs: readonly D[]): SearchIndex<D> {
  return {
    entries: docs.map((doc, order) => {
      const syllables = doc.pinyin.split(/\s+/).filter(Boolean).map(normalizePinyin);
      return {
        doc,
        order,
        name: doc.name,
        syllables,
        plain: syllables.join(''),
        initials: syllables.map((s) => s[0] ?? '').join(''),
        codes: doc.codes.map(normalizeCode),
        keywords: [...doc.keywords],
        aliases: (doc.aliases ?? []).map((a) => {
          const parts = a.pinyin.split(/\s+/).filter(Boolean).map(normalizePinyin);
          return { name: a.name, plain: parts.join(''), initials: parts.map((p) => p[0] ?? '').join(''), syllables: parts };
        }),
      };
    }),
  };
}

const CJK = /[\u3400-\u9fff]/;

export function searchIndex<D extends SearchDoc>(index: SearchIndex<D>, rawQuery: string, limit = 50): SearchHit<D>[] {
  const query = rawQuery.trim();
  if (!query) return [];
  const hasCjk = CJK.test(query);
  const py = normalizePinyin(query);
  const code = normalizeCode(query);
  const hits: (SearchHit<D> & { order: number })[] = [];

  for (const e of index.entries) {
    let best = 0;
    let nameRanges: [number, number][] = [];
    let keyword: SearchHit<D>['keyword'] = null;
    const take = (score: number, ranges: [number, number][], kw: SearchHit<D>['keyword'] = null) => {
      if (score > best) {
        best = score;
        nameRanges = ranges;
        keyword = kw;
      }
    };

    if (hasCjk) {
      const compact = query.replace(/\s+/g, '');
      if (e.name === compact) take(1000, [[0, e.name.length]]);
      else if (e.name.startsWith(compact)) take(800, [[0, compact.length]]);
      else {
        const at = e.name.indexOf(compact);
        if (at >= 0) take(600, [[at, at + compact.length]]);
      }
      // A variant name ranks just below the name itself; the match is shown as that name.
      for (const a of e.aliases) {
        if (a.name === compact) take(950, [], { text: a.name, range: [0, a.name.length] });
        else if (a.name.startsWith(compact)) take(750, [], { text: a.name, range: [0, compact.length] });
      }
      for (const k of e.keywords) {
        if (k === compact) take(400, [], { text: k, range: [0, k.length] });
        else {
          const at = k.indexOf(compact);
          if (at >= 0) take(k.startsWith(compact) ? 300 : 200, [], { text: k, range: [at, at + compact.length] });
        }
      }
      // A longer phrase that holds a known name (晚上睡不着怎么办 → 睡不着, 艾灸治颈椎 → 颈椎): the
      // longer the name found, the surer the match; names beat other names, keywords come last.
      if (best === 0) {
        const within = (n: string) => n.length >= 2 && n.length < compact.length && compact.includes(n);
        if (within(e.name)) take(640 + 10 * Math.min(e.name.length, 8), [[0, e.name.length]]);
        for (const a of e.aliases)
          if (within(a.name)) take(620 + 10 * Math.min(a.name.length, 8), [], { text: a.name, range: [0, a.name.length] });
        for (const k of e.keywords) if (within(k)) take(100 + 10 * Math.min(k.length, 8), [], { text: k, range: [0, k.length] });
      }
    } else if (py) {
      // Codes: exact (ST36, TE5 via its SJ5 alias) beats prefix (ST3 → ST3, ST30…).
      for (const c of e.codes) {
        if (c === code) take(1000, []);
        else if (/[0-9]/.test(code) && c.startsWith(code)) take(700, []);
        else if (!/[0-9]/.test(code) && code.length >= 2 && c.startsWith(code) && /^[0-9]/.test(c.slice(code.length))) take(350, []);
      }
      if (/^[a-zv]+$/.test(py)) {
        for (const a of e.aliases) {
          if (a.plain === py) take(920, [], { text: a.name, range: [0, a.name.length] });
          else if (a.initials === py && py.length >= 2) take(870, [], { text: a.name, range: [0, a.name.length] });
          else if (py.length >= 4 && a.plain.startsWith(py) && syllablePrefix(a.syllables, py) > 0)
            take(720, [], { text: a.name, range: [0, a.name.length] });
        }
        const all: [number, number][] = [[0, e.syllables.length]];
        if (e.plain === py) take(950, all);
        else if (e.initials === py && py.length >= 2) take(900, all);
        else {
          const prefix = syllablePrefix(e.syllables, py);
          if (prefix > 0) take(800 + Math.min(py.length, 50), [[0, prefix]]);
          else if (py.length >= 2 && e.initials.startsWith(py)) take(750, [[0, py.length]]);
          else {
            const inner = syllableInner(e.syllables, py);
            if (inner) take(500, [inner]);
            else if (py.length >= 2) {
              const at = e.initials.indexOf(py);
              if (at > 0) take(450, [[at, at + py.length]]);
            }
          }
        }
      }
    }
    if (best > 0) hits.push({ doc: e.doc, score: best + (e.doc.boost ?? 0), nameRanges, keyword, order: e.order });
  }

  hits.sort((a, b) => b.score - a.score || a.doc.name.length - b.doc.name.length || a.order - b.order);
  return hits.slice(0, limit).map(({ order: _order, ...hit }) => hit);
}

/**
 * Whether `q` spells the start of the name's pinyin, syllable by syllable (zusan → 足三, zusanl → 足三里).
 * Returns how many characters it covers, or 0.
 */
function syllablePrefix(syllables: readonly string[], q: string): number {
  let rest = q;
  for (let i = 0; i < syllables.length; i++) {
    const s = syllables[i]!;
    if (rest.length === 0) return i;
    if (rest.startsWith(s)) {
      rest = rest.slice(s.length);
      if (rest.length === 0) return i + 1;
      continue;
    }
    return s.startsWith(rest) ? i + 1 : 0;
  }
  return rest.length === 0 ? syllables.length : 0;
}

/** A match that starts at a later syllable (sanli → 足[三里]). */
function syllableInner(syllables: readonly string[], q: string): [number, number] | null {
  for (let start = 1; start < syllables.length; start++) {
    const covered = syllablePrefix(syllables.slice(start), q);
    if (covered > 0) return [start, start + covered];
  }
  return null;
}
