import { ComingScreen } from '../../features/misc/components/coming-screen.tsx';

/** /brand/videos and /health/videos share one video-home screen (spec §2). */
export const Component = ComingScreen;
