import type { ItemSource } from '@moxa/core/console/console-contract';
import { diffLines } from 'diff';
import { sourceText } from '../lib/form-helpers.ts';

/** Unchanged lines kept around each change; longer unchanged runs fold into one line. */
const CONTEXT = 3;

export type DiffLine = { kind: 'added' | 'removed' | 'same' | 'fold'; text: string };

/** The line diff of two sources, unchanged runs folded to `CONTEXT` lines either side of a change. */
export function diffSources(before: ItemSource, after: ItemSource): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const part of diffLines(sourceText(before), sourceText(after))) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    for (const text of part.value.replace(/\n$/, '').split('\n')) lines.push({ kind, text });
  }
  const out: DiffLine[] = [];
  for (let i = 0; i < lines.length;) {
    if (lines[i]!.kind !== 'same') {
      out.push(lines[i++]!);
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j]!.kind === 'same') j++;
    const head = i === 0 ? 0 : CONTEXT;
    const tail = j === lines.length ? 0 : CONTEXT;
    if (j - i > head + tail + 1) {
      out.push(...lines.slice(i, i + head), { kind: 'fold', text: `… ${j - i - head - tail} 行未改动 …` }, ...lines.slice(j - tail, j));
    } else out.push(...lines.slice(i, j));
    i = j;
  }
  return out;
}

/** Two sources' line diff (issue #29 "diff two versions"): removed lines struck through, added ones green. */
export function SourceDiff({ before, after }: { before: ItemSource; after: ItemSource }) {
  const lines = diffSources(before, after);
  if (lines.every((l) => l.kind === 'same' || l.kind === 'fold')) return <p>两个版本内容相同。</p>;
  return (
    <pre className="diff-view" aria-label="版本差异">
      {lines.map((l, i) => (
        <span key={i} className={l.kind}>
          {l.kind === 'fold' ? l.text : `${l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}${l.text}`}
        </span>
      ))}
    </pre>
  );
}
