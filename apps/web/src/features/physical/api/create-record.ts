import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRecordBody, PhysicalRecord } from '@moxa/core/physical/physical-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { getLoginInfo } from '../../../lib/login-info.ts';
import { recordQuery } from './get-record.ts';

export type { CreateRecordBody };

/** Saves answers as a record; the server scores them (issue #5: never send scores). */
export const createRecord = (body: CreateRecordBody) => apiFetch<PhysicalRecord>('/api/v8/physical/records', { method: 'POST', body });

export const useCreateRecord = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: (record) => {
      const userId = getLoginInfo()?.user.id ?? '';
      qc.setQueryData(recordQuery(userId, record.id).queryKey, record);
      void qc.invalidateQueries({ queryKey: ['physical', 'records'] });
    },
  });
};
