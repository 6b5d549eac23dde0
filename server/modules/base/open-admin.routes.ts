/**
 * base/open test and maintenance calls. testN is public and changes nothing (ARCHITECTURE §7);
 * importBaseData re-runs the idempotent seeding (menus and permission keys of new entities,
 * dictionary types, the member role's keys) and needs the administrator.
 */
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';

export default defineRoutes((core) => [
  call(core, 'base', 'open', 'testN', {
    method: 'POST',
    guard: 'public',
    summary: l('Connectivity test', '连通性测试', '連通性測試'),
    async handler(req) {
      const b = req.body as Record<string, unknown> | undefined;
      const n = typeof b?.n === 'number' && Number.isFinite(b.n) ? b.n : null;
      return { ok: true, n, time: new Date().toISOString() };
    },
  }),
  call(core, 'base', 'open', 'importBaseData', {
    method: 'GET',
    guard: 'admin',
    summary: l('Import base data', '导入基础数据', '匯入基礎資料'),
    async handler() {
      // An administrator exists (the caller), so seeding never creates one here.
      const r = await core.reseed();
      return { addedMenus: r.addedMenus };
    },
  }),
]);
