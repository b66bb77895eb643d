/**
 * `npm run user -- grant <role> <mobile>`, `revoke <role> <mobile>`, `list` (issue #14 §6): staff roles
 * on the configured database (DATABASE_URL or SQLITE_PATH, as the server reads them). Granting to a
 * number that has never logged in creates its user, so an advisor can be set up before first login.
 * Mobiles are written as on the login screen: bare for +86 (13800138000), otherwise +<code><number>.
 */
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { GRANTABLE_ROLES, ROLE_NAMES, type GrantableRole } from '@moxa/core/login/roles';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { loadEnv, type Env } from '../apps/server/src/env.ts';
import { parseMobile } from '../apps/server/src/login/phone-number.ts';
import { auditRepository } from '../apps/server/src/audit/audit-repository.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';

const USAGE = `用法：
  npm run user -- grant <角色> <手机号>    授予角色（手机号未注册时先创建用户）
  npm run user -- revoke <角色> <手机号>   收回角色
  npm run user -- list                     列出所有工作人员
角色：${GRANTABLE_ROLES.map((r) => `${r}（${ROLE_NAMES[r]}）`).join('、')}
手机号：中国大陆号码直接写 11 位，其他地区写 +区号号码`;

/** Runs one command; returns the exit code and writes its answer (Chinese, for the operator) to `out`. */
export async function userCommand(args: readonly string[], env: Env, out: (line: string) => void): Promise<number> {
  const [command, role, mobile] = args;
  if (command === 'list' ? args.length !== 1 : command !== 'grant' && command !== 'revoke') {
    out(USAGE);
    return 2;
  }
  if (command !== 'list') {
    if (!(GRANTABLE_ROLES as readonly string[]).includes(role ?? '')) {
      out(role === 'user' ? '每位用户都有 user 角色，无需授予或收回' : `未知角色：${role ?? '（未填写）'}\n${USAGE}`);
      return 2;
    }
    if (!mobile || !parseMobile(mobile) || args.length !== 3) {
      out(`手机号不正确：${mobile ?? '（未填写）'}\n${USAGE}`);
      return 2;
    }
  }
  const db = openDatabase(env.DATABASE_URL, env.SQLITE_PATH);
  try {
    await migrate(db);
    const users = userRepository(db, Date.now);
    if (command === 'list') {
      const staff = await users.listPrivileged();
      if (staff.length === 0) out('还没有工作人员');
      for (const u of staff) out(`${u.mobile}  ${u.name}  ${u.roles.map((r) => ROLE_NAMES[r]).join('、')}`);
      return 0;
    }
    const e164 = parseMobile(mobile!)!.e164;
    const grantable = role as GrantableRole;
    const shown = `${maskMobile(e164)}（${e164}）`;
    if (command === 'grant') {
      const user = await users.findOrCreate(e164);
      const added = await users.grant(user.id, grantable);
      // Issue #29: every role change is in the audit trail, the console's and this command's alike.
      if (added)
        await auditRepository(db, Date.now).record({
          actorId: null,
          action: 'role.grant',
          subject: `user:${user.id}`,
          detail: { role: grantable, via: 'cli' },
        });
      out(added ? `已授予 ${shown} ${ROLE_NAMES[grantable]}角色` : `${shown} 已经是${ROLE_NAMES[grantable]}，未作改动`);
      return 0;
    }
    const user = await users.findByMobile(e164);
    const removed = user ? await users.revoke(user.id, grantable) : false;
    if (removed)
      await auditRepository(db, Date.now).record({
        actorId: null,
        action: 'role.revoke',
        subject: `user:${user!.id}`,
        detail: { role: grantable, via: 'cli' },
      });
    out(removed ? `已收回 ${shown} 的${ROLE_NAMES[grantable]}角色` : `${shown} 没有${ROLE_NAMES[grantable]}角色，未作改动`);
    return 0;
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  process.exitCode = await userCommand(process.argv.slice(2), loadEnv(), (line) => process.stdout.write(`${line}\n`));
}
