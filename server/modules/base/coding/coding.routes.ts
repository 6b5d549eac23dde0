/**
 * The code helper's calls (001 §7 `coding`), for administrators (permission keys base:coding:*,
 * which the member role does not hold):
 * - `GET getModuleTree` -> `[{ module, entities: [{ key, name, label, table, prefix, fields: [{ name,
 *   type, label, length, required, dict, system }] }] }]`, by module then name, entities registered
 *   while running included.
 * - `POST createCode` `{ module, name, fields?: [{ name, type, length?, required?, label?, dict? }],
 *   description?, dryRun?, newModule? }` -> `{ path, source, fields }` on a dry run, else the entity is
 *   written and registered at once and the answer adds `{ key, prefix, router }` (coding.service.ts).
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { call, defineRoutes } from '../../../core/modules';
import { createCode, moduleTree } from './coding.service';

export default defineRoutes((core: Core) => [
  call(core, 'base', 'coding', 'getModuleTree', {
    method: 'GET',
    summary: l('Modules, entities and fields', '模块、实体与字段', '模組、實體與欄位'),
    // The helper's page reads the tree first: its menu entry hangs on this call.
    menuPage: { name: 'ai-code', router: '/helper/ai-code', label: l('AI code helper', 'AI 代码助手', 'AI 程式碼助手'), area: 'ai' },
    handler: async () => moduleTree(core),
  }),
  call(core, 'base', 'coding', 'createCode', {
    method: 'POST',
    summary: l('Create an entity from a field list or a description', '根据字段列表或描述创建实体', '依欄位清單或描述建立實體'),
    handler: (req) => createCode(core, req.body),
  }),
]);
