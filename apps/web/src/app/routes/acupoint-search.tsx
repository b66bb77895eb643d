import { AcupointSearchScreen } from '../../features/acupoints/components/acupoint-search-screen.tsx';

export const Component = AcupointSearchScreen;
