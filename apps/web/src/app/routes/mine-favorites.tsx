import { FavoritesScreen } from '../../features/mine/components/favorites-screen.tsx';

export const Component = FavoritesScreen;
