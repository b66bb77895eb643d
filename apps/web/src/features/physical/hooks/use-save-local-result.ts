import type { PhysicalRecord } from '@moxa/core/physical/physical-contract';
import { useCreateRecord } from '../api/create-record.ts';
import { physicalStore, type LocalResult } from '../utils/physical-storage.ts';

/**
 * Uploads a result kept on the device (its answers; the server scores them) and marks it saved, so
 * it is not offered again. The local copy stays, so the device can still show it offline.
 */
export function useSaveLocalResult() {
  const mutation = useCreateRecord();
  const save = async (entry: LocalResult): Promise<PhysicalRecord> => {
    const record = await mutation.mutateAsync({ gender: entry.gender, answers: entry.answers });
    physicalStore.markSaved(entry.key, record.id);
    return record;
  };
  return { save, isPending: mutation.isPending };
}
