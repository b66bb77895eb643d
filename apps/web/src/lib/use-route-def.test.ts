import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { allRoutes, ROUTES, type RouteDef } from '../config/routes.ts';
import { matchRouteDef, routesFor } from './use-route-def.ts';

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

  it('matches among the rows of the path’s first segment exactly as among the whole table (issue #33 item 3)', () => {
    const table = [...ROUTES, { path: '*', screen: 'misc/not-found-screen' } as RouteDef];
    const rowsFor = routesFor(table);
    const paths = allRoutes().flatMap((r) => {
      const p = (r.sample ?? r.path).split('?')[0]!.replace(/:\w+/g, 'x1').replace('{caseId}', '7').replace('{courseId}', '9');
      return [p, p.toUpperCase(), `${p}/`, `${p}/extra`, encodeURI(p)];
    });
    paths.push('/', '', '/nowhere', '/%E5%A4%B1%E7%9C%A0', '//acupoint', '/acupoint_detail');
    for (const path of paths) {
      const whole = matchRoutes(table, path)?.map((m) => [m.route, m.params]);
      const some = matchRoutes(rowsFor(path), path)?.map((m) => [m.route, m.params]);
      expect(some, path).toEqual(whole);
      expect(rowsFor(path).length, path).toBeLessThan(12);
    }
  });
});
