/** base/sys/menu: create (a menu with its permission buttons), export, import, parse. */
import { l } from '../../../core/entity/define';
import { call, defineRoutes } from '../../../core/modules';
import { exportMenus, importMenus } from './menu-transfer.service';
import { create, parse } from './menu-perms.service';

export default defineRoutes((core) => [
  call(core, 'base', 'sys/menu', 'create', {
    method: 'POST',
    summary: l('Add a menu with its permission buttons', '新增菜单及其权限按钮', '新增選單及其權限按鈕'),
    handler: (req) => create(core, req.body, req.user, req.lang),
  }),
  call(core, 'base', 'sys/menu', 'export', {
    method: 'POST',
    summary: l('Export menus with their sub-menus', '导出菜单及其子菜单', '匯出選單及其子選單'),
    handler: (req) => exportMenus(core, req.body),
  }),
  call(core, 'base', 'sys/menu', 'import', {
    method: 'POST',
    summary: l('Import exported menus under a parent', '在上级菜单下导入菜单', '在上層選單下匯入選單'),
    handler: (req) => importMenus(core, req.body, req.user),
  }),
  call(core, 'base', 'sys/menu', 'parse', {
    method: 'POST',
    summary: l("An entity's permission keys and routes", '实体的权限标识与路由', '實體的權限標識與路由'),
    handler: async (req) => parse(core, req.body, req.lang),
  }),
]);
