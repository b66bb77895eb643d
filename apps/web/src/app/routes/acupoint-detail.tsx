import { AcupointDetailScreen } from '../../features/acupoints/components/acupoint-detail-screen.tsx';

export const Component = AcupointDetailScreen;
