/** base/comm calls for any signed-in user: who am I, and which permissions and menus I hold. */
import { l } from '../../core/entity/define';
import type { Core } from '../../core/core';
import type { Route } from '../../core/http/route';
import { defineRoutes } from '../../core/modules';
import { fail } from '../../core/http/errors';
import { planFor } from '../../core/crud/plan';
import { consoleRoleIds } from './sys/param.service';

const P = '/admin/base/comm';

export default defineRoutes((core: Core): Route[] => {
  const users = core.model.byKey.get('base/sys/user')!;
  const menus = core.model.byKey.get('base/sys/menu')!;
  const q = core.db.q.bind(core.db);
  const comm = (method: Route['method'], action: string, summary: Route['summary'], handler: Route['handler']): Route => ({
    method, path: `${P}/${action}`, guard: 'signedIn', permission: null, summary, module: 'base', group: 'comm', handler,
  });
  return [
    comm('GET', 'person', l('My profile', '个人信息', '個人資訊'), async (req) => core.ops.info(users, req.user!.id, req.user)),
    comm('GET', 'permmenu', l('My permissions and menus', '权限与菜单', '權限與選單'), async (req) => {
      const c = req.user;
      if (!c) throw fail.unauthorized();
      const plan = planFor(menus);
      let rows: Record<string, unknown>[];
      if (c.isAdmin) {
        rows = await core.db.query(`SELECT ${plan.select} FROM ${plan.table} ORDER BY ${q('orderNum')} ASC, ${q('id')} ASC`);
      } else if (c.roleIds.length) {
        rows = await core.db.query(
          `SELECT DISTINCT ${plan.select.split(', ').map((col) => `m.${col}`).join(', ')} FROM ${plan.table} m JOIN ${q('base_sys_role_menu')} rm ON rm.${q('menuId')} = m.${q('id')} WHERE rm.${q('roleId')} IN (${c.roleIds.map(() => '?').join(', ')}) ORDER BY m.${q('orderNum')} ASC, m.${q('id')} ASC`,
          c.roleIds,
        );
      } else rows = [];
      for (const r of rows) plan.codec.decode(r);
      const perms = c.isAdmin
        ? [...new Set(core.routes.all.map((r) => r.permission).filter((p): p is string => !!p))].sort()
        : [...c.perms].sort();
      return { perms, menus: rows, consoleRoleIds: await consoleRoleIds(core) };
    }),
  ];
});
