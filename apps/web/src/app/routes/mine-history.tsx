import { HistoryScreen } from '../../features/mine/components/history-screen.tsx';

export const Component = HistoryScreen;
