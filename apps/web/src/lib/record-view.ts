import { useEffect } from 'react';
import type { KeptItem } from './saved-items.ts';

/**
 * Records a view of a detail screen once its item is known (issue #18 history). The recording code
 * loads after the screen has rendered, so it adds nothing to the screen's own chunk.
 */
export function useRecordView(item: KeptItem | undefined): void {
  const key = item ? `${item.kind}\n${item.id}\n${item.title}` : '';
  useEffect(() => {
    if (!key) return;
    const [kind, id, title] = key.split('\n') as [KeptItem['kind'], string, string];
    void import('./saved-items.ts').then((m) => m.recordView({ kind, id, title }));
  }, [key]);
}
