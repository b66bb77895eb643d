import { SearchScreen } from '../../features/search/components/search-screen.tsx';

export const Component = SearchScreen;
