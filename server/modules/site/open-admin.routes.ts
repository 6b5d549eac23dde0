/**
 * base/open test and maintenance calls. testN is public and changes nothing (docs/decisions/spec-departures.md);
 * importBaseData re-runs the idempotent seeding (menus and permission keys of new entities,
 * dictionary types, the member role's keys) and needs the administrator.
 */
import { l, call, defineRoutes, num, BOOL, INT, NUM, STR, nullable, obj } from '../../core/api';

export default defineRoutes((core) => [
  call(core, 'base', 'open', 'testN', {
    method: 'POST',
    summary: l('Connectivity test', '连通性测试', '連通性測試'),
    input: { n: num().optional() },
    access: 'public',
    effect: 'read',
    answer: obj({ ok: BOOL, n: nullable(NUM), time: STR }),
    handler: async (_req, { n }) => ({ ok: true, n: n ?? null, time: new Date().toISOString() }),
  }),
  call(core, 'base', 'open', 'importBaseData', {
    method: 'GET',
    summary: l('Import base data', '导入基础数据', '匯入基礎資料'),
    input: {},
    access: 'admin',
    effect: 'write',
    answer: obj({ addedMenus: INT }),
    async handler() {
      // An administrator exists (the caller), so seeding never creates one here.
      const r = await core.reseed();
      return { addedMenus: r.addedMenus };
    },
  }),
]);
