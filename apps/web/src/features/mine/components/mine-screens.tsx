/**
 * 我的 and the screens under it, for the route table (decision 031): one chunk for all seven, so
 * one load serves them and the preload map every entry page carries lists one file, not seven
 * (issue #6 budget).
 */
export { ConsentsScreen } from './consents-screen.tsx';
export { DeleteAccountScreen } from './delete-account-screen.tsx';
export { FavoritesScreen } from './favorites-screen.tsx';
export { HistoryScreen } from './history-screen.tsx';
export { MineScreen } from './mine-screen.tsx';
export { MyDataScreen } from './my-data-screen.tsx';
export { NicknameScreen } from './nickname-screen.tsx';
