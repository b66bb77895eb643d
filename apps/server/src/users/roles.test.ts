import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { userCommand } from '../../../../scripts/user.ts';
import { loadEnv } from '../env.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, createTestDb, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from './user-repository.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;

describe.each(DIALECTS)('roles on %s (issue #14 §6)', (dialect) => {
  describe('npm run user', () => {
    let test: Awaited<ReturnType<typeof createTestDb>>;
    beforeAll(async () => {
      test = await createTestDb(dialect);
    });
    afterAll(async () => {
      await test.db.destroy();
      await test.drop();
    });
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await userCommand(args, loadEnv({ DATABASE_URL: test.url, SQLITE_PATH: test.sqlitePath }), (l) => lines.push(l));
      return { code, text: lines.join('\n') };
    };
    const roles = async (e164: string) => {
      const users = userRepository(test.db, Date.now);
      const user = await users.findByMobile(e164);
      return user ? users.rolesOf(user.id) : null;
    };

    it('grants a role to a new number, creating its user, and grants it only once', async () => {
      expect(await roles('+8613800138001')).toBeNull();
      expect(await run('grant', 'advisor', '13800138001')).toEqual({ code: 0, text: expect.stringContaining('已授予') });
      expect(await roles('+8613800138001')).toEqual(['user', 'advisor']);
      expect(await run('grant', 'advisor', '13800138001')).toEqual({ code: 0, text: expect.stringContaining('未作改动') });
      expect(await run('grant', 'admin', '+85261234567')).toMatchObject({ code: 0 });
      expect(await roles('+8613800138001')).toEqual(['user', 'advisor']);
      expect(await roles('+85261234567')).toEqual(['user', 'admin']);
    });

    it('revokes a role and lists who holds which', async () => {
      await run('grant', 'editor', '13800138002');
      await run('grant', 'advisor', '13800138002');
      expect((await run('revoke', 'advisor', '13800138002')).text).toContain('已收回');
      expect(await roles('+8613800138002')).toEqual(['user', 'editor']);
      expect((await run('revoke', 'advisor', '13800138002')).text).toContain('未作改动');
      const list = await run('list');
      expect(list.code).toBe(0);
      expect(list.text).toMatch(/\+8613800138002 .*编辑/);
    });

    it('refuses an unknown role, the implied user role and a wrong number, changing nothing', async () => {
      for (const args of [
        ['grant', 'boss', '13800138003'],
        ['grant', 'user', '13800138003'],
        ['grant', 'advisor', '12345'],
        ['revoke'],
        ['delete', 'advisor', '13800138003'],
      ]) {
        const { code, text } = await run(...args);
        expect(code, args.join(' ')).toBe(2);
        expect(text).toMatch(/角色|手机号|用法/);
      }
      expect(await roles('+8613800138003')).toBeNull();
    });

    it('runs as `npm run user` against the configured database', () => {
      const env = { ...process.env, DATABASE_URL: test.url, SQLITE_PATH: test.sqlitePath };
      const res = spawnSync('npm', ['run', '-s', 'user', '--', 'grant', 'editor', '13800138004'], { cwd: ROOT, env, encoding: 'utf8' });
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toContain('已授予');
    });
  });

  describe('role checks on routes', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t.close());
    const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const caller = async (mobile: string, ...grant: ('advisor' | 'editor' | 'admin')[]) => {
      const { token, userId } = await loginAs(t, mobile);
      const users = userRepository(t.db, Date.now);
      for (const role of grant) await users.grant(userId, role);
      return token;
    };

    it('answers 403 in the envelope to a user without the role, and the data to one with it', async () => {
      const plain = await caller('13900139001');
      const advisor = await caller('13900139002', 'advisor');
      const editor = await caller('13900139003', 'editor');
      const admin = await caller('13900139004', 'admin');
      for (const token of [plain, advisor]) {
        const res = await get('/api/v8/admin/content', token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 40300, msg: '没有权限访问此内容', data: null });
      }
      for (const token of [editor, admin]) {
        const res = await get('/api/v8/admin/content', token);
        expect(res.statusCode).toBe(200);
        const kinds = res.json().data.kinds as { kind: string; count: number }[];
        expect(kinds.find((k) => k.kind === 'acupoint')?.count).toBeGreaterThan(400);
      }
      expect((await get('/api/v8/admin/users', editor)).statusCode).toBe(403);
      const staff = await get('/api/v8/admin/users', admin);
      expect(staff.statusCode).toBe(200);
      expect(staff.body).not.toContain('13900139002');
      expect(staff.json().data).toContainEqual(expect.objectContaining({ mobile: '139******02', roles: ['user', 'advisor'] }));
    });

    it('tells the app which roles the user holds, and takes a revoked role away at once', async () => {
      const token = await caller('13900139005', 'editor');
      expect((await get('/api/v8/me', token)).json().data.roles).toEqual(['user', 'editor']);
      const users = userRepository(t.db, Date.now);
      const me = (await get('/api/v8/me', token)).json().data as { id: string };
      await users.revoke(me.id, 'editor');
      expect((await get('/api/v8/me', token)).json().data.roles).toEqual(['user']);
      expect((await get('/api/v8/admin/content', token)).statusCode).toBe(403);
    });
  });
});
