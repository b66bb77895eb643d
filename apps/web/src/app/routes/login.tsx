import { LoginScreen } from '../../features/login/components/login-screen.tsx';

export const Component = LoginScreen;
