import { useQuery } from '@tanstack/react-query';
import type { Me } from '@moxa/core/login/login-contract';
import { hasRole } from '@moxa/core/login/roles';
import type { AdvisorQueueSummary } from '@moxa/core/notifications/notification-contract';
import { apiFetch } from '../lib/api-client.ts';
import { useLoginInfo } from '../lib/login-info.ts';
import { LinkList, type LinkRow } from './content-list.tsx';

const ICONS = {
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  inbox: 'M4 13l2.5-8h11L20 13v6H4zM4 13h5l1 2h4l1-2h5',
} as const;
function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Red on white: the number of cases waiting, as a badge (white on #c4463a is 4.9:1). */
const BADGE = { background: '#c4463a', color: '#fff', fontWeight: 600 } as const;

/**
 * Issue #31, rows of 我的 for a logged-in person: 消息提醒 (notice settings and courses), and for
 * advisors 咨询队列 with the number of cases waiting — so the queue is found by tapping, not by typing.
 */
export function ReminderRows() {
  const info = useLoginInfo();
  // The same read as 我的 itself: one request.
  const me = useQuery({ queryKey: ['me', info.user.id], queryFn: () => apiFetch<Me>('/api/v8/me'), enabled: Boolean(info.token) });
  const advisor = me.data ? hasRole(me.data.roles, ['advisor']) : false;
  // Waiting cases for advisors, fresh on each visit and once a minute.
  const summary = useQuery({
    queryKey: ['advisor', info.user.id, 'summary'],
    queryFn: () => apiFetch<AdvisorQueueSummary>('/api/v8/advisor/summary'),
    enabled: advisor,
    staleTime: 0,
    refetchInterval: 60_000,
  });
  const s = summary.data;
  const rows: LinkRow[] = [];
  if (advisor)
    rows.push({
      to: '/advisor',
      title: '咨询队列',
      subtitle: s
        ? s.waiting === 0
          ? '没有待回复的咨询'
          : `${s.overdue > 0 ? `${s.overdue} 个已超过 ${s.targetHours} 个工作小时，` : ''}请尽快回复`
        : '用户的咨询在这里回复',
      icon: <Icon name="inbox" />,
      extra:
        s && s.waiting > 0 ? (
          <span className="tag" style={BADGE}>
            {s.waiting} 个待回复
          </span>
        ) : undefined,
    });
  rows.push({ to: '/mine/notifications', title: '消息提醒', subtitle: '咨询回复、艾灸疗程提醒', icon: <Icon name="bell" /> });
  return <LinkList label="提醒" rows={rows} />;
}
