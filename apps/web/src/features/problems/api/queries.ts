import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@moxa/core/http/paging';
import type { ProblemDetail, ProblemSummary, ProblemTopicSummary } from '@moxa/core/problems/problem-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { PROBLEM_TOPICS_PATH, PROBLEMS_PATH, problemPath } from './paths.ts';

export const useProblemTopics = () =>
  useQuery({ queryKey: ['problems', 'topics'], queryFn: () => apiFetch<ProblemTopicSummary[]>(PROBLEM_TOPICS_PATH), staleTime: Infinity });
export const useProblems = () =>
  useQuery({ queryKey: ['problems', 'all'], queryFn: () => apiFetch<Paged<ProblemSummary>>(PROBLEMS_PATH), staleTime: Infinity });
export const useProblem = (id: string) =>
  useQuery({ queryKey: ['problems', 'detail', id], queryFn: () => apiFetch<ProblemDetail>(problemPath(id)), staleTime: Infinity });
