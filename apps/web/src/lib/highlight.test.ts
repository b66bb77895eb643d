import { describe, expect, it } from 'vitest';
import { splitHighlight } from './highlight.ts';

describe('splitHighlight', () => {
  it('marks the given ranges', () => {
    expect(splitHighlight('足三里', [[1, 3]])).toEqual([
      { text: '足', hit: false },
      { text: '三里', hit: true },
    ]);
    expect(splitHighlight('足三里', [[0, 3]])).toEqual([{ text: '足三里', hit: true }]);
  });

  it('returns the text unmarked without ranges', () => {
    expect(splitHighlight('外关', [])).toEqual([{ text: '外关', hit: false }]);
    expect(splitHighlight('', [[0, 2]])).toEqual([]);
  });

  it('merges overlapping ranges and ignores out-of-bounds parts', () => {
    expect(
      splitHighlight('失眠多梦', [
        [2, 9],
        [-3, 1],
        [0, 2],
      ]),
    ).toEqual([{ text: '失眠多梦', hit: true }]);
    expect(
      splitHighlight('头痛失眠', [
        [3, 4],
        [2, 3],
      ]),
    ).toEqual([
      { text: '头痛', hit: false },
      { text: '失眠', hit: true },
    ]);
  });

  it('counts characters outside the BMP as one', () => {
    expect(splitHighlight('𠮷里', [[1, 2]])).toEqual([
      { text: '𠮷', hit: false },
      { text: '里', hit: true },
    ]);
  });
});
