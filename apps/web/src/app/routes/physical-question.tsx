import { QuestionScreen } from '../../features/physical/components/question-screen.tsx';

export const Component = QuestionScreen;
