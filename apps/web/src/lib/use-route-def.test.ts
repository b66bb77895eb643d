import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../config/routes.ts';
import { matchRouteDef } from './use-route-def.ts';

describe('route table (issue #14 §5)', () => {
  it('matches the spec routes and falls back to not-found', () => {
    expect(matchRouteDef('/acupoint_detail/ST36')).toMatchObject({ def: { module: 'acupoint-detail' }, params: { id: 'ST36' } });
    expect(matchRouteDef('/physical/record').def).toMatchObject({ module: 'physical-record', guard: true });
    expect(matchRouteDef('/nowhere').def.module).toBe('not-found');
  });

  it('expresses nested layouts whose guard and roles hold for their children', () => {
    const table: RouteDef[] = [
      ...ROUTES,
      {
        path: '/staff',
        title: '顾问工作台',
        module: 'advisor-queue',
        roles: ['advisor', 'admin'],
        children: [
          { path: '', title: '咨询队列', module: 'advisor-queue' },
          { path: 'cases/:caseId', title: null, module: 'advisor-case' },
        ],
      },
    ];
    const child = matchRouteDef('/staff/cases/42', table);
    expect(child.defs.map((d) => d.path)).toEqual(['/staff', 'cases/:caseId']);
    expect(child.def).toMatchObject({ title: null, guard: true, roles: ['advisor', 'admin'] });
    expect(child.params.caseId).toBe('42');
    expect(matchRouteDef('/staff', table).def).toMatchObject({ title: '咨询队列', roles: ['advisor', 'admin'] });
  });
});
