import { SchemeScreen } from '../../features/physical/components/scheme-screen.tsx';

export const Component = SchemeScreen;
