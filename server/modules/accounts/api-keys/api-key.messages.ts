/** Envelope messages of the API-key calls (api-key.routes.ts). */
import { registerMessages } from '../../../core/api';

export const API_KEY = registerMessages({
  en: {
    api_key_not_found: 'This API key does not exist, or it is not yours',
    api_key_too_many: 'You have {max} active API keys: revoke one before making another',
  },
  'zh-cn': {
    api_key_not_found: '该 API 密钥不存在，或不属于你',
    api_key_too_many: '你已有 {max} 个有效的 API 密钥：请先撤销一个再创建',
  },
  'zh-tw': {
    api_key_not_found: '此 API 金鑰不存在，或不屬於你',
    api_key_too_many: '你已有 {max} 個有效的 API 金鑰：請先撤銷一個再建立',
  },
});

export const API_KEY_FIELD = registerMessages({
  en: {
    field_api_key_module_unknown: 'names a module that does not exist: {value}',
    field_api_key_perm_not_held: 'names a permission you do not hold: {value}',
  },
  'zh-cn': {
    field_api_key_module_unknown: '包含不存在的模块：{value}',
    field_api_key_perm_not_held: '包含你没有的权限：{value}',
  },
  'zh-tw': {
    field_api_key_module_unknown: '包含不存在的模組：{value}',
    field_api_key_perm_not_held: '包含你沒有的權限：{value}',
  },
});
