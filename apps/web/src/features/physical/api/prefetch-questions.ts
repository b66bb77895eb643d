import type { Gender } from '@moxa/core/physical/physical-contract';
import { prefetch } from '../../../lib/prefetch.ts';

export const questionsPath = (gender: Gender) => `/api/v8/physical/questions?gender=${gender}`;

/**
 * Starts the questionnaire download from the light /physical entry page, which has no query client
 * (issue #6); the question screen's first fetch takes the response.
 */
export const prefetchQuestions = (gender: Gender) => prefetch(questionsPath(gender));
