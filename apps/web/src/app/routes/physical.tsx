import { PhysicalHomeScreen } from '../../features/physical/components/physical-home-screen.tsx';

export const Component = PhysicalHomeScreen;
