/** base/sys/menu: create (a menu with its permission buttons), export, import, parse. */
import { l, call, defineRoutes, nullableText, raw, text, ANY_OBJECT, INT, STR, listOf, nullable, obj } from '../../core/api';
import { exportMenus, importMenus } from './menu-transfer.service';
import { create, parse } from './menu-perms.service';

const IDS = {
  anyOf: [
    { type: 'array', items: { type: 'integer', minimum: 1 } },
    { type: 'integer', minimum: 1 },
    { type: 'string', description: 'ids separated by commas' },
  ],
};
/** A parent menu: an id, or none (null, 0 or '') for the top. */
const PARENT = { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string' }, { type: 'null' }], description: 'the parent menu (none: the top)' };
const PERM = obj({ key: STR, method: STR, path: STR, summary: STR });

export default defineRoutes((core) => [
  call(core, 'base', 'sys/menu', 'create', {
    method: 'POST',
    summary: l('Add a menu with its permission buttons', '新增菜单及其权限按钮', '新增選單及其權限按鈕'),
    // The menu's own fields beside entity, perms and parentId: checked by the menu's declaration.
    input: {},
    body: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: "the entity's key (base/sys/user) or prefix" },
        module: { type: 'string' },
        perms: {
          anyOf: [
            { type: 'array', items: { type: 'string' } },
            { type: 'string', description: 'keys separated by commas' },
          ],
        },
        parentId: PARENT,
      },
      required: ['entity', 'perms'],
      additionalProperties: { description: 'a field of base/sys/menu' },
    },
    effect: 'write',
    answer: obj({ id: INT, buttonIds: listOf(INT) }),
    handler: (req) => create(core, req.body, req.user, req.lang),
  }),
  call(core, 'base', 'sys/menu', 'export', {
    method: 'POST',
    summary: l('Export menus with their sub-menus', '导出菜单及其子菜单', '匯出選單及其子選單'),
    // None chosen is refused by the export with its own message.
    input: { ids: raw(IDS).optional() },
    effect: 'read',
    answer: obj({ version: INT, menus: listOf(obj({ parentIndex: nullable(INT) })) }),
    handler: (_req, { ids }) => exportMenus(core, ids),
  }),
  call(core, 'base', 'sys/menu', 'import', {
    method: 'POST',
    summary: l('Import exported menus under a parent', '在上级菜单下导入菜单', '在上層選單下匯入選單'),
    // Each menu is checked by the import against the menu's declaration, every bad one named at once.
    input: {
      parentId: raw(PARENT).optional(),
      menus: raw({ type: 'array', items: ANY_OBJECT, description: "an export's menus, each with parentIndex" }).optional(),
      version: raw({ type: 'integer', description: "the export's version (not read)" }).optional(),
    },
    effect: 'write',
    answer: obj({ ids: listOf(INT) }),
    handler: (req, { parentId, menus }) => importMenus(core, menus, parentId, req.user),
  }),
  call(core, 'base', 'sys/menu', 'parse', {
    method: 'POST',
    summary: l("An entity's permission keys and routes", '实体的权限标识与路由', '實體的權限標識與路由'),
    input: { entity: text({ max: 255 }), module: nullableText({ max: 100 }) },
    effect: 'read',
    answer: obj({ key: STR, module: STR, name: STR, label: STR, prefix: STR, router: STR, viewPath: STR, perms: listOf(PERM) }),
    handler: async (req, input) => parse(core, input, req.lang),
  }),
]);
