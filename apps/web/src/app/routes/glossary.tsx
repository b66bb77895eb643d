import { GlossaryScreen } from '../../features/glossary/components/glossary-screen.tsx';

export const Component = GlossaryScreen;
