import { useLocation } from 'react-router';
import { ConsentsScreen } from '../../features/mine/components/consents-screen.tsx';
import { DeleteAccountScreen } from '../../features/mine/components/delete-account-screen.tsx';
import { FavoritesScreen } from '../../features/mine/components/favorites-screen.tsx';
import { HistoryScreen } from '../../features/mine/components/history-screen.tsx';
import { MineScreen } from '../../features/mine/components/mine-screen.tsx';
import { MyDataScreen } from '../../features/mine/components/my-data-screen.tsx';
import { NicknameScreen } from '../../features/mine/components/nickname-screen.tsx';

/**
 * /mine, /mine/favorites, /mine/history and /mine/delete_account share one small chunk: one load for the
 * three, and one entry less each in the preload map every entry page carries (issue #6 budget).
 */
export function Component() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/mine/favorites')) return <FavoritesScreen />;
  if (pathname.startsWith('/mine/history')) return <HistoryScreen />;
  if (pathname.startsWith('/mine/delete_account')) return <DeleteAccountScreen />;
  if (pathname.startsWith('/mine/nickname')) return <NicknameScreen />;
  if (pathname.startsWith('/mine/data')) return <MyDataScreen />;
  if (pathname.startsWith('/mine/consents')) return <ConsentsScreen />;
  return <MineScreen />;
}
