import { CaseDetailScreen } from '../../features/cases/components/case-detail-screen.tsx';

export const Component = CaseDetailScreen;
