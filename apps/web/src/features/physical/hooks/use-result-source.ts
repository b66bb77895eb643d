import { useSearchParams } from 'react-router';
import type { Gender, PhysicalResult } from '@moxa/core/physical/physical-contract';
import { useRecord } from '../api/get-record.ts';
import { physicalStore, type LocalResult } from '../utils/physical-storage.ts';
import { useLocalResults } from './use-local-results.ts';

export type ResultView = { result: PhysicalResult; createdAt: string; gender: Gender; recordId?: string; local?: LocalResult };

export type ResultSource =
  { kind: 'record'; id: string; query: ReturnType<typeof useRecord> } | { kind: 'local'; view: ResultView | null; key: string | null };

/**
 * The result a screen shows (issue #5): `?id=` a saved record, `?local=<key>` a result kept on
 * the device, no parameter the latest result on the device.
 */
export function useResultSource(): ResultSource & { query?: ReturnType<typeof useRecord> } {
  const [params] = useSearchParams();
  const id = params.get('id');
  const localKey = params.get('local');
  const query = useRecord(id);
  useLocalResults(); // re-render when local results change (e.g. marked saved)
  if (id) return { kind: 'record', id, query };
  const entry = localKey ? physicalStore.findResult(localKey) : physicalStore.latestResult();
  const view: ResultView | null = entry
    ? {
        result: entry.result,
        createdAt: entry.createdAt,
        gender: entry.gender,
        local: entry,
        ...(entry.savedId ? { recordId: entry.savedId } : {}),
      }
    : null;
  return { kind: 'local', view, key: entry?.key ?? localKey };
}

/** The query string that reopens the same result on another screen (e.g. 计算方法). */
export function sourceQuery(view: ResultView): string {
  if (view.local) return `local=${encodeURIComponent(view.local.key)}`;
  return view.recordId ? `id=${encodeURIComponent(view.recordId)}` : '';
}
