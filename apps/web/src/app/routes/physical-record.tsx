import { RecordScreen } from '../../features/physical/components/record-screen.tsx';

export const Component = RecordScreen;
