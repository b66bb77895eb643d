import { useLocation } from 'react-router';
import { CourseNewScreen } from '../../features/courses/components/course-new-screen.tsx';
import { CourseScreen } from '../../features/courses/components/course-screen.tsx';
import { NotificationPreferencesScreen } from '../../features/notifications/components/notification-preferences-screen.tsx';

/**
 * Issue #31: /course_new, /course/:id and /mine/notifications (疗程 and 消息提醒) share one chunk: one
 * entry in the preload map every entry page carries (issue #6 budget).
 */
export function Component() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/course_new')) return <CourseNewScreen />;
  if (pathname.startsWith('/course/')) return <CourseScreen />;
  return <NotificationPreferencesScreen />;
}
