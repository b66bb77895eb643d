import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartView } from '@moxa/core/acupoints/meridian-contract';
import { apiFetch } from './api-client.ts';
import { CHARTS_PATH } from './charts-path.ts';

/** The body charts, shared by the acupoint screens and guided sessions (issue #18). */
/** The body chart views; each figure is /media/charts/{id}.svg in the same units as the point marks. */
export const getCharts = () => apiFetch<ChartView[]>(CHARTS_PATH);
export const chartsQuery = () => queryOptions({ queryKey: ['charts'], queryFn: getCharts, staleTime: Infinity });
export const useCharts = () => useQuery(chartsQuery());
export const chartImageUrl = (viewId: string) => `/media/charts/${encodeURIComponent(viewId)}.svg`;
