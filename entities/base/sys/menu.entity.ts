import { defineEntity, l, fail, type InvalidField, fieldRule, registerMessages, keyHolders } from '../../../server/core/api';

const MESSAGES = registerMessages({
  en: { field_menu_router_slash: 'must begin with a single / and hold no spaces' },
  'zh-cn': { field_menu_router_slash: '必须以单个 / 开头且不含空格' },
  'zh-tw': { field_menu_router_slash: '必須以單個 / 開頭且不含空格' },
});

/**
 * 000 §5: a menu route must begin with /. Empty means none (buttons, some directories). A second
 * leading slash or a space would make it a different kind of address, so they are refused too.
 */
export function routerErrors(router: unknown, prefix = ''): InvalidField[] {
  if (router === undefined || router === null || router === '') return [];
  if (typeof router === 'string' && /^\/(?!\/)\S*$/.test(router)) return [];
  return [{ field: [prefix, 'router'].filter(Boolean).join('.'), rule: fieldRule(MESSAGES.field_menu_router_slash), params: {} }];
}

export default defineEntity({
  module: 'base',
  name: 'sys/menu',
  table: 'base_sys_menu',
  system: 'menus',
  label: l('Menu', '菜单', '選單'),
  description:
    'name is required. perms holds comma-separated permission keys (module:entity:action); ' +
    'type 0 directory, 1 menu, 2 button. router, when given, must begin with / (000 §5).',
  fields: {
    parentId: { type: 'int', nullable: true, index: true, label: l('Parent menu', '上级菜单', '上層選單') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    router: { type: 'string', label: l('Route', '路由', '路由') },
    perms: { type: 'text', label: l('Permissions', '权限', '權限') },
    type: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Type', '类型', '類型'),
      enum: [
        { value: 0, label: l('Directory', '目录', '目錄') },
        { value: 1, label: l('Menu', '菜单', '選單') },
        { value: 2, label: l('Button', '按钮', '按鈕') },
      ],
    },
    icon: { type: 'string', label: l('Icon', '图标', '圖示') },
    orderNum: { type: 'int', default: 0, nullable: false, label: l('Order', '排序', '排序') },
    viewPath: { type: 'string', label: l('View path', '视图路径', '視圖路徑') },
    keepAlive: {
      type: 'boolean',
      default: true,
      nullable: false,
      label: l('Keep alive', '路由缓存', '路由快取'),
    },
    isShow: { type: 'boolean', default: true, nullable: false, label: l('Shown', '是否显示', '是否顯示') },
  },
  search: { keyword: ['name', 'router'], equal: ['parentId', 'type'] },
  order: { field: 'orderNum', sort: 'asc' },
  access: keyHolders,
  hooks: {
    beforeChange({ data }) {
      const errors = routerErrors(data.router);
      if (errors.length) throw fail.invalid(errors as never);
    },
  },
});
