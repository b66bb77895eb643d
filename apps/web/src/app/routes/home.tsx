import { HomeScreen } from '../../features/home/home-screen.tsx';

export const Component = HomeScreen;
