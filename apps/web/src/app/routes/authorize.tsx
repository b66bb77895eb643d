import { AuthorizeScreen } from '../../features/login/components/authorize-screen.tsx';

export const Component = AuthorizeScreen;
