/**
 * Permission-matrix fixtures of the code helper (issue 21): administrators' calls, so member B (holding
 * no base:coding:* key) and anonymous callers are refused. The createCode calls are a dry run and
 * cool-admin's `{path, content}` form, so even a broken guard would write no file into the project.
 * The change set calls get a preview of a new entity and set ids that name no set (nothing to apply).
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read } from './matrix-fixture';

export const CODING_FIXTURES: Record<string, (w: World) => Fixture> = {
  'GET /admin/base/coding/getModuleTree': () => read({}),
  'POST /admin/base/coding/createCode': () =>
    read(
      { body: { module: 'demo', name: 'matrixProbe', dryRun: true, fields: [{ name: 'title', type: 'string' }] } },
      { body: { path: 'entities/demo/matrixProbe.entity.ts', content: 'export default {};' } },
    ),
  'POST /admin/base/coding/preview': () => read({ body: { module: 'demo', name: 'matrixProbe', fields: [{ name: 'title', type: 'string' }] } }),
  'POST /admin/base/coding/apply': () => read({ body: { id: 999999 } }),
  'POST /admin/base/coding/rollback': () => read({ body: { id: 999999 } }),
  'POST /admin/base/coding/discard': () => read({ body: { id: 999999 } }),
  'POST /admin/base/coding/purge': () => read({ body: { id: 999999 } }),
  'POST /admin/base/coding/changeSets': () => read({ body: {} }),
};
