import { AdvisorCaseScreen } from '../../features/advisor/components/advisor-case-screen.tsx';

export const Component = AdvisorCaseScreen;
