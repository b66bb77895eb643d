import { VideoHomeScreen } from '../../features/videos/components/video-screens.tsx';

/** /brand/videos and /health/videos share one video-home screen (spec §2). */
export const Component = VideoHomeScreen;
