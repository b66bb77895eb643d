import { LogScreen } from '../../features/moxa/components/log-screen.tsx';

export const Component = LogScreen;
