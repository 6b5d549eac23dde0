/**
 * The public AI catalogue (no token): `app/byParent?parentType=` (the shown apps of one parent
 * type), `app/all` (every shown app, grouped by parent type) and `guide/all` (the guides, by their
 * sort order). Apps are answered with a whitelist of fields (app-config.ts says which parts of
 * `config`): never `auth`, the prompt, the model settings or the workflow; with `price`, the tokens
 * a run costs (tokens x efficiencyCoefficient, before the member's own coefficient).
 */
import type { Core } from '../../../core/core';
import { SYSTEM } from '../../../core/entity/access';
import { l, type Row } from '../../../core/entity/define';
import { fail } from '../../../core/http/errors';
import { call, defineRoutes } from '../../../core/modules';
import { configOf, publicConfig } from './app-config';
import { appPriceUnits } from './ai-limits';
import { fromUnits } from '../pay/money';

const APP_FIELDS = ['id', 'avatar', 'name', 'remark', 'isAsync', 'parentType', 'type', 'tokens', 'efficiencyCoefficient'] as const;

/** An app as the public sees it. */
export function publicApp(app: Row): Row {
  const out: Row = {};
  for (const k of APP_FIELDS) out[k] = app[k] ?? null;
  out.config = publicConfig(configOf(app));
  // What a run costs before the member's own coefficient, so a client shows it before the member pays.
  out.price = fromUnits(appPriceUnits(app));
  return out;
}

async function shownApps(core: Core, filter: Row = {}): Promise<Row[]> {
  const rows = await core.ops.list(core.model.byKey.get('base/app')!, { ...filter, show: 1, order: 'id', sort: 'asc' }, SYSTEM);
  return rows.map(publicApp);
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'app', 'byParent', {
    method: 'GET',
    guard: 'public',
    summary: l('Shown apps of a parent type', '某父类型下显示的应用', '某父類型下顯示的應用'),
    async handler(req) {
      // Other query parameters (a client's cache buster) are ignored.
      const raw: unknown = req.query.parentType;
      if (raw === undefined || raw === '') throw fail.invalid([{ field: 'parentType', rule: 'required', params: {} }]);
      if (typeof raw !== 'string' || !/^-?\d{1,9}$/.test(raw.trim())) throw fail.invalid([{ field: 'parentType', rule: 'type', params: { type: 'integer' } }]);
      const parentType = Number(raw);
      return shownApps(core, { parentType });
    },
  }),
  call(core, 'base', 'app', 'all', {
    method: 'GET',
    guard: 'public',
    summary: l('Every shown app, by parent type', '所有显示的应用（按父类型分组）', '所有顯示的應用（依父類型分組）'),
    async handler() {
      const groups = new Map<number | null, Row[]>();
      for (const app of await shownApps(core)) {
        const key = app.parentType === null ? null : Number(app.parentType);
        groups.set(key, [...(groups.get(key) ?? []), app]);
      }
      // Parent types in ascending order, apps without one last.
      const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
      return keys.map((parentType) => ({ parentType, apps: groups.get(parentType)! }));
    },
  }),
  call(core, 'base', 'guide', 'all', {
    method: 'GET',
    guard: 'public',
    summary: l('Every guide, in order', '所有指南（按排序）', '所有指南（依排序）'),
    async handler() {
      // By sort, then by id (the order of creation) for equal sort values.
      return core.ops.list(core.model.byKey.get('base/guide')!, { order: 'sort', sort: 'asc' }, SYSTEM);
    },
  }),
]);
