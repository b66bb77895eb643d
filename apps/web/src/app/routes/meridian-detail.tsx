import { MeridianDetailScreen } from '../../features/acupoints/components/meridian-detail-screen.tsx';

export const Component = MeridianDetailScreen;
