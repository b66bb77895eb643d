import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gender, Questionnaire } from '@moxa/core/physical/physical-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { questionsPath } from './prefetch-questions.ts';

/** The questionnaire for one gender, in the order asked (issue #5). */
export const getQuestions = (gender: Gender) => apiFetch<Questionnaire>(questionsPath(gender));
export const questionsQuery = (gender: Gender) =>
  queryOptions({ queryKey: ['physical', 'questions', gender], queryFn: () => getQuestions(gender), staleTime: Infinity });
export const useQuestions = (gender: Gender | undefined) =>
  useQuery({ ...questionsQuery(gender ?? 'female'), enabled: gender !== undefined });
