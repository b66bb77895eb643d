import { ConsultationScreen } from '../../features/cases/components/consultation-screen.tsx';

export const Component = ConsultationScreen;
