/**
 * base/comm calls for any signed-in user: who am I, and which permissions and menus I hold (with
 * COOL_COMPAT on, the menus as cool-admin's client opens them: sys/cool-views.ts).
 */
import { l } from '../../core/entity/define';
import type { Core } from '../../core/core';
import type { Route } from '../../core/http/route';
import { defineRoutes } from '../../core/modules';
import { fail } from '../../core/http/errors';
import { allMenus, menusOfRoles } from './sys/menu.queries';
import { consoleRoleIds } from './sys/param.service';
import { coolMenus } from './sys/cool-views';
import { coolCompat } from '../../core/cool-compat';
import { passwordHash } from './account.queries';

const P = '/admin/base/comm';

export default defineRoutes((core: Core): Route[] => {
  const users = core.model.byKey.get('base/sys/user')!;
  const compat = coolCompat(core.config.env);
  const comm = (method: Route['method'], action: string, summary: Route['summary'], handler: Route['handler']): Route => ({
    method, path: `${P}/${action}`, guard: 'signedIn', permission: null, summary, module: 'base', group: 'comm', handler,
  });
  return [
    // `hasPassword`: whether the account has one (never the hash): one made by e-mail code has none, and sets its first without an original.
    comm('GET', 'person', l('My profile', '个人信息', '個人資訊'), async (req) => {
      const [me, hash] = await Promise.all([core.ops.info(users, req.user!.id, req.user), passwordHash(core, req.user!.id)]);
      return { ...me, hasPassword: !!hash };
    }),
    comm('GET', 'permmenu', l('My permissions and menus', '权限与菜单', '權限與選單'), async (req) => {
      const c = req.user;
      if (!c) throw fail.unauthorized();
      const rows = c.isAdmin ? await allMenus(core) : await menusOfRoles(core, c.roleIds);
      const perms = c.isAdmin
        ? [...new Set(core.routes.all.map((r) => r.permission).filter((p): p is string => !!p))].sort()
        : [...c.perms].sort();
      return { perms, menus: compat ? coolMenus(rows, { members: c.isAdmin }) : rows, consoleRoleIds: await consoleRoleIds(core) };
    }),
  ];
});
