import type { ItemSource } from '@moxa/core/console/console-contract';
import { diffLines } from 'diff';
import { sourceText } from '../lib/form-helpers.ts';

/** Two sources' line diff (issue #29 "diff two versions"): removed lines struck through, added ones green. */
export function SourceDiff({ before, after }: { before: ItemSource; after: ItemSource }) {
  const parts = diffLines(sourceText(before), sourceText(after));
  if (parts.every((p) => !p.added && !p.removed)) return <p>两个版本内容相同。</p>;
  return (
    <pre className="diff-view" aria-label="版本差异">
      {parts.map((p, i) => (
        <span key={i} className={p.added ? 'added' : p.removed ? 'removed' : 'same'}>
          {p.value
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => `${p.added ? '+ ' : p.removed ? '- ' : '  '}${line}`)
            .join('\n')}
        </span>
      ))}
    </pre>
  );
}
