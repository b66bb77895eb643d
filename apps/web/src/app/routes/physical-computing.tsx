import { ComputingScreen } from '../../features/physical/components/computing-screen.tsx';

export const Component = ComputingScreen;
