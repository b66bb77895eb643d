import { TestScreen } from '../../features/misc/components/test-screen.tsx';

export const Component = TestScreen;
