/**
 * The code helper's calls (001 §7 `coding`), for administrators (permission keys base:coding:*,
 * which the member role does not hold):
 * - `GET getModuleTree` -> `[{ module, entities: [{ key, live, name, label, table, prefix, fields: [{ name,
 *   type, label, length, required, dict, system }] }] }]`, by module then name, entities registered
 *   while running included; `live`: made with the helper, so it may change (changeset.routes.ts).
 * - `POST createCode` `{ module, name, fields?: [{ name, type, length?, required?, label?, dict? }],
 *   description?, dryRun?, newModule? }` -> `{ path, source, fields }` on a dry run, else the entity is
 *   written and registered at once (a change set previewed and applied in one step) and the answer adds
 *   `{ key, prefix, router }` (coding.service.ts).
 */
import { l, call, defineRoutes, ANY_OBJECT, BOOL, INT, STR, listOf, nullable, obj } from '../../core/api';
import type { Core, JsonSchema } from '../../core/api';
import { CODING_INPUT, FIELD_SCHEMA, codingRequest, refineCoding } from './coding-input';
import { createCode, moduleTree } from './coding.service';

const TREE_FIELD = obj({ name: STR, type: STR, label: ANY_OBJECT, length: nullable(INT), required: BOOL, dict: nullable(STR), system: BOOL });
const TREE = listOf(
  obj({
    module: STR,
    entities: listOf(obj({ key: STR, live: BOOL, name: STR, label: ANY_OBJECT, table: STR, prefix: STR, fields: listOf(TREE_FIELD) })),
  }),
);
const CODE = obj({ path: STR, source: STR, fields: listOf(FIELD_SCHEMA as unknown as JsonSchema), key: STR, prefix: STR, router: STR }, [
  'key',
  'prefix',
  'router',
]);

export default defineRoutes((core: Core) => [
  call(core, 'base', 'coding', 'getModuleTree', {
    method: 'GET',
    summary: l('Modules, entities and fields', '模块、实体与字段', '模組、實體與欄位'),
    // The helper's page reads the tree first: its menu entry hangs on this call.
    menuPage: { name: 'ai-code', router: '/helper/ai-code', label: l('AI code helper', 'AI 代码助手', 'AI 程式碼助手'), area: 'ai' },
    input: {},
    effect: 'read',
    answer: TREE,
    handler: async () => moduleTree(core),
  }),
  call(core, 'base', 'coding', 'createCode', {
    method: 'POST',
    summary: l('Create an entity from a field list or a description', '根据字段列表或描述创建实体', '依欄位清單或描述建立實體'),
    description: l(
      'A dry run answers the entity file it would write; otherwise the file is written and the entity registered at once. Refused (403) when CODING_ENABLED is off.',
      '试运行只回答将写入的实体文件；否则写入文件并立即注册实体。CODING_ENABLED 关闭时拒绝（403）。',
      '試執行只回答將寫入的實體檔案；否則寫入檔案並立即註冊實體。CODING_ENABLED 關閉時拒絕（403）。',
    ),
    input: CODING_INPUT,
    refine: (input, req) => refineCoding(input, req.body),
    // A dry run writes nothing, but the same call writes a file and registers an entity otherwise.
    effect: 'write',
    answer: CODE,
    handler: (req, input) => createCode(core, codingRequest(input), req.user?.id ?? 0),
  }),
]);
