import { ProblemDetailScreen } from '../../features/problems/components/problem-screens.tsx';

export const Component = ProblemDetailScreen;
