import { VideoCenterScreen } from '../../features/videos/components/video-screens.tsx';

export const Component = VideoCenterScreen;
