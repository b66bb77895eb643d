/**
 * 朗读 (issue #18, 适老化通用设计规范: content can be listened to): the browser's SpeechSynthesis in
 * Mandarin. Pure helpers here (unit-tested); the controls are components/read-aloud.tsx.
 */

/** Chrome stops an utterance after about 15 seconds, so text is spoken in pieces of at most this many characters. */
export const MAX_CHUNK = 120;

const SENTENCE_END = /([。！？；!?;…]+[”’」』）)]*|\n+)/;
const CLAUSE_END = /([，、,：:]+)/;

/** Splits `text` at `re`, keeping each separator on the piece before it. */
function splitKeep(text: string, re: RegExp): string[] {
  const parts = text.split(re);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const piece = (parts[i] ?? '') + (parts[i + 1] ?? '');
    if (piece.trim()) out.push(piece.trim());
  }
  return out;
}

/**
 * The text in speakable pieces, in order: whole sentences, several short ones joined up to `max`
 * characters, an overlong sentence cut at its commas, and a comma-less run cut every `max` characters.
 */
export function chunkText(text: string, max: number = MAX_CHUNK): string[] {
  const pieces: string[] = [];
  for (const sentence of splitKeep(text.replace(/[ \t\u00a0]+/g, ' '), SENTENCE_END)) {
    if (sentence.length <= max) {
      pieces.push(sentence);
      continue;
    }
    for (const clause of splitKeep(sentence, CLAUSE_END)) {
      for (let i = 0; i < clause.length; i += max) pieces.push(clause.slice(i, i + max));
    }
  }
  // Join short neighbours, so the voice does not pause after every few words.
  const chunks: string[] = [];
  for (const piece of pieces) {
    const last = chunks.length - 1;
    const joined = last >= 0 ? `${chunks[last]}${piece}` : '';
    if (last >= 0 && joined.length <= max && !/[\n]$/.test(chunks[last]!)) chunks[last] = joined;
    else chunks.push(piece);
  }
  return chunks;
}

type VoiceLike = Pick<SpeechSynthesisVoice, 'lang' | 'name' | 'localService' | 'default'>;

/**
 * The Mandarin voice to read with: zh-CN first (then other Simplified Mandarin tags), a voice on the
 * device before a network one; never Cantonese (zh-HK, yue) or a Taiwanese voice when a mainland
 * one exists. Null when the browser has no Chinese voice at all.
 */
export function pickChineseVoice<V extends VoiceLike>(voices: readonly V[]): V | null {
  const norm = (lang: string) => lang.replace('_', '-').toLowerCase();
  const rank = (v: V): number => {
    const lang = norm(v.lang);
    let r: number;
    if (lang === 'zh-cn' || lang === 'cmn-cn' || lang === 'cmn-hans-cn' || lang === 'zh-hans-cn') r = 0;
    else if (lang === 'zh-hans' || lang === 'cmn' || lang === 'zh' || lang === 'cmn-hans') r = 1;
    else if (lang === 'zh-sg') r = 2;
    else if (lang === 'zh-tw' || lang === 'cmn-tw' || lang === 'zh-hant-tw') r = 3;
    else return -1; // zh-HK / yue (Cantonese) and every other language
    return r * 4 + (v.localService ? 0 : 2) + (v.default ? 0 : 1);
  };
  let best: V | null = null;
  let bestRank = Infinity;
  for (const v of voices) {
    const r = rank(v);
    if (r >= 0 && r < bestRank) {
      best = v;
      bestRank = r;
    }
  }
  return best;
}

const SKIP = 'button, nav, svg, script, style, [aria-hidden="true"], [hidden], .read-aloud, .visually-hidden, [data-no-read]';
const BLOCK = /^(P|LI|H[1-6]|DT|DD|TR|FIGCAPTION|BLOCKQUOTE|TD|TH|SECTION|ARTICLE|DIV|TABLE|UL|OL|DL|HEADER)$/;

/** The readable text of an element: what a sighted reader sees, one line per block, controls left out. */
export function readableText(root: Element): string {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element) || node.matches(SKIP)) return;
    const block = BLOCK.test(node.tagName);
    if (block) out += '\n';
    for (const child of node.childNodes) walk(child);
    if (block) out += '\n';
  };
  walk(root);
  return out
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((line) => (/[。！？；!?;：:]$/.test(line) ? line : `${line}。`))
    .join('\n');
}
