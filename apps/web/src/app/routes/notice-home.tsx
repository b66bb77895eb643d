import { NoticeHomeScreen } from '../../features/notices/components/notice-screens.tsx';

export const Component = NoticeHomeScreen;
