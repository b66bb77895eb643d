import { AcupointHomeScreen } from '../../features/acupoints/components/acupoint-home-screen.tsx';

export const Component = AcupointHomeScreen;
