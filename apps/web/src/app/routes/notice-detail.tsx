import { NoticeDetailScreen } from '../../features/notices/components/notice-screens.tsx';

export const Component = NoticeDetailScreen;
