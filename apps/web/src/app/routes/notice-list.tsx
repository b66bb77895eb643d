import { NoticeListScreen } from '../../features/notices/components/notice-screens.tsx';

export const Component = NoticeListScreen;
