import { ProblemsScreen } from '../../features/problems/components/problem-screens.tsx';

export const Component = ProblemsScreen;
