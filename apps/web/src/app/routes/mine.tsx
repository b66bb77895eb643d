import { MineScreen } from '../../features/mine/components/mine-screen.tsx';

export const Component = MineScreen;
