export type Segment = { text: string; hit: boolean };

/**
 * Splits `text` into plain and highlighted segments from [start, end) character ranges (search hits
 * carry them as `nameRanges` / `keyword.range`). Ranges may overlap or be out of order; empty and
 * out-of-bounds parts are dropped. Works on code points so a rare CJK character never splits.
 */
export function splitHighlight(text: string, ranges: readonly (readonly [number, number])[]): Segment[] {
  const chars = Array.from(text);
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const [start, end] of ranges) {
    for (let i = Math.max(0, start); i < Math.min(chars.length, end); i++) marked[i] = true;
  }
  const out: Segment[] = [];
  chars.forEach((ch, i) => {
    const hit = marked[i]!;
    const last = out[out.length - 1];
    if (last && last.hit === hit) last.text += ch;
    else out.push({ text: ch, hit });
  });
  return out;
}
