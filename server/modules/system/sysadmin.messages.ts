/** Messages of the system-administration calls (menus, departments, users, params, dictionaries). */
import { registerMessages } from '../../core/api';

export const SYSADMIN = registerMessages({
  en: {
    field_menu_entity_unknown: 'does not name an entity or group with permission keys',
    field_menu_perms_none: 'must hold at least one permission',
    field_menu_perm_foreign: 'holds "{key}", which is not a permission key of this entity',
    field_menu_parent_index: 'must be the position of an earlier menu in the list, or null',
    menu_export_none: 'A menu must be chosen before export',
    menu_import_empty: 'Nothing to import: the list of menus is empty',
    menu_import_too_large: 'At most {max} menus can be imported at once',
    menu_parent_missing: 'The parent menu does not exist',
    menu_parent_button: 'A button cannot hold other menus',
    department_order_empty: 'list must be a non-empty list of {id, parentId, orderNum}',
    department_order_duplicate: 'Department {id} appears twice in the list',
    department_missing: 'The department does not exist',
    user_missing: 'One or more of the users do not exist',
    param_key_required: 'Give the parameter key: ?key=',
    param_not_found: 'No parameter with this key',
    dict_types_bad: 'types must be a list of dictionary type keys',
  },
  'zh-cn': {
    field_menu_entity_unknown: '不是带有权限标识的实体或分组',
    field_menu_perms_none: '至少需要一个权限',
    field_menu_perm_foreign: '包含“{key}”，它不是该实体的权限标识',
    field_menu_parent_index: '必须是列表中排在前面的菜单的位置，或为 null',
    menu_export_none: '请先选择要导出的菜单',
    menu_import_empty: '没有可导入的菜单：列表为空',
    menu_import_too_large: '一次最多导入 {max} 个菜单',
    menu_parent_missing: '上级菜单不存在',
    menu_parent_button: '按钮下不能再有菜单',
    department_order_empty: 'list 必须是非空的 {id, parentId, orderNum} 列表',
    department_order_duplicate: '部门 {id} 在列表中出现了两次',
    department_missing: '部门不存在',
    user_missing: '部分用户不存在',
    param_key_required: '请提供参数键：?key=',
    param_not_found: '没有该键的参数',
    dict_types_bad: 'types 必须是字典类型标识的列表',
  },
  'zh-tw': {
    field_menu_entity_unknown: '不是帶有權限標識的實體或分組',
    field_menu_perms_none: '至少需要一個權限',
    field_menu_perm_foreign: '包含「{key}」，它不是此實體的權限標識',
    field_menu_parent_index: '必須是清單中排在前面的選單的位置，或為 null',
    menu_export_none: '請先選擇要匯出的選單',
    menu_import_empty: '沒有可匯入的選單：清單為空',
    menu_import_too_large: '一次最多匯入 {max} 個選單',
    menu_parent_missing: '上層選單不存在',
    menu_parent_button: '按鈕下不能再有選單',
    department_order_empty: 'list 必須是非空的 {id, parentId, orderNum} 清單',
    department_order_duplicate: '部門 {id} 在清單中出現了兩次',
    department_missing: '部門不存在',
    user_missing: '部分使用者不存在',
    param_key_required: '請提供參數鍵：?key=',
    param_not_found: '沒有此鍵的參數',
    dict_types_bad: 'types 必須是字典類型標識的清單',
  },
});

/** A field error as the dispatcher localizes it: the message is `field_{rule}` with `params`. */
export interface FieldProblem {
  field: string;
  rule: string;
  params: Record<string, string | number>;
}

/** The rule name of a `field_…` message key. */
export function rule(key: string): string {
  return key.replace(/^field_/, '');
}
