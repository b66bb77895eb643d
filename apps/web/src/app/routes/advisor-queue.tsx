import { AdvisorQueueScreen } from '../../features/advisor/components/advisor-queue-screen.tsx';

export const Component = AdvisorQueueScreen;
