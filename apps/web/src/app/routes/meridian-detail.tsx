import { ComingScreen } from '../../features/misc/components/coming-screen.tsx';

export const Component = ComingScreen;
