import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Paged } from '@moxa/core/http/paging';
import type { VideoDetail, VideoHome, VideoSummary } from '@moxa/core/videos/video-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { VIDEO_HOME_PATH, videoPath } from './paths.ts';

const VIDEO_PAGE_SIZE = 10;
const videoListPath = (category: string, page: number) =>
  `/api/v8/videos?category=${encodeURIComponent(category)}&page=${page}&size=${VIDEO_PAGE_SIZE}`;
export const videoViewsPath = (id: string) => `/api/v8/videos/${encodeURIComponent(id)}/views`;

/** /brand/videos and /health/videos share one screen; the path says which category. */
export const categoryOfPath = (pathname: string) => (pathname.startsWith('/brand/') ? 'brand' : 'health');

// View counts change, so these are refetched when a screen opens again (no staleTime: Infinity).
export const useVideoHome = () =>
  useQuery({ queryKey: ['videos', 'home'], queryFn: () => apiFetch<VideoHome>(VIDEO_HOME_PATH), staleTime: 30_000 });

export const useVideoPages = (category: string) =>
  useInfiniteQuery({
    queryKey: ['videos', 'list', category],
    queryFn: ({ pageParam }) => apiFetch<Paged<VideoSummary>>(videoListPath(category, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 30_000,
  });

export const useVideo = (id: string) =>
  useQuery({ queryKey: ['videos', 'detail', id], queryFn: () => apiFetch<VideoDetail>(videoPath(id)), staleTime: 30_000 });
