import { SessionScreen } from '../../features/moxa/components/session-screen.tsx';

export const Component = SessionScreen;
