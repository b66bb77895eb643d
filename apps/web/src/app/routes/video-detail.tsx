import { VideoDetailScreen } from '../../features/videos/components/video-detail-screen.tsx';

export const Component = VideoDetailScreen;
