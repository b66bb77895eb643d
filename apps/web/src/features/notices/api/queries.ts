import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@moxa/core/http/paging';
import type { NoticeDetail, NoticeSummary, NoticeTypeSummary } from '@moxa/core/notices/notice-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { NOTICE_TYPES_PATH, noticeListPath, noticePath } from './paths.ts';

export const useNoticeTypes = () =>
  useQuery({ queryKey: ['notices', 'types'], queryFn: () => apiFetch<NoticeTypeSummary[]>(NOTICE_TYPES_PATH), staleTime: Infinity });
export const useNoticeList = (type: string) =>
  useQuery({
    queryKey: ['notices', 'list', type],
    queryFn: () => apiFetch<Paged<NoticeSummary>>(noticeListPath(type)),
    staleTime: Infinity,
  });
export const useNotice = (id: string) =>
  useQuery({ queryKey: ['notices', 'detail', id], queryFn: () => apiFetch<NoticeDetail>(noticePath(id)), staleTime: Infinity });
