import { DetailScreen } from '../../features/physical/components/detail-screen.tsx';

export const Component = DetailScreen;
