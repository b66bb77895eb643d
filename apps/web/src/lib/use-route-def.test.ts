import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../config/routes.ts';
import { matchRouteDef } from './use-route-def.ts';

describe('route table (issue #14 §5)', () => {
  it('matches the spec routes and falls back to not-found', () => {
    expect(matchRouteDef('/acupoint_detail/ST36')).toMatchObject({
      def: { screen: 'acupoints/acupoint-detail-screen' },
      params: { id: 'ST36' },
    });
    expect(matchRouteDef('/physical/record').def).toMatchObject({ screen: 'physical/record-screen', guard: true });
    expect(matchRouteDef('/nowhere').def.screen).toBe('misc/not-found-screen');
  });

  it('matches a path of the app table once and answers again from memory (issue #33 item 3)', () => {
    const first = matchRouteDef('/acupoint_detail/LI4');
    expect(matchRouteDef('/acupoint_detail/LI4')).toBe(first);
    expect(matchRouteDef('/acupoint_detail/ST36').params).toEqual({ id: 'ST36' });
    // Past its size the oldest entry goes, and the answer is computed again (the same answer).
    for (let i = 0; i < 100; i++) matchRouteDef(`/acupoint_detail/P${i}`);
    const again = matchRouteDef('/acupoint_detail/LI4');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('expresses nested layouts whose guard and roles hold for their children', () => {
    const table: RouteDef[] = [
      ...ROUTES,
      {
        path: '/staff',
        title: '顾问工作台',
        screen: 'advisor/advisor-queue-screen',
        roles: ['advisor', 'admin'],
        children: [
          { path: '', title: '咨询队列', screen: 'advisor/advisor-queue-screen' },
          { path: 'cases/:caseId', screen: 'advisor/advisor-case-screen' },
        ],
      },
    ];
    const child = matchRouteDef('/staff/cases/42', table);
    expect(child.defs.map((d) => d.path)).toEqual(['/staff', 'cases/:caseId']);
    expect(child.def).toMatchObject({ guard: true, roles: ['advisor', 'admin'] });
    expect(child.def.title).toBeUndefined();
    expect(child.params.caseId).toBe('42');
    expect(matchRouteDef('/staff', table).def).toMatchObject({ title: '咨询队列', roles: ['advisor', 'admin'] });
  });
});
