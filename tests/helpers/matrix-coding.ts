/**
 * Permission-matrix fixtures of the code helper (issue 21): administrators' calls, so member B (holding
 * no base:coding:* key) and anonymous callers are refused. The createCode calls are a dry run and
 * cool-admin's `{path, content}` form, so even a broken guard would write no file into the project.
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
};
