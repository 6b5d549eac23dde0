import { defineEntity, eq, l } from '../../server/core/api';

/** Whether a key still signs in: active, or revoked by its owner or an administrator. */
export const API_KEY_STATUS = { revoked: 0, active: 1 } as const;

export default defineEntity({
  module: 'base',
  name: 'apiKey',
  table: 'base_api_key',
  area: 'workspace',
  label: l('API key', 'API 密钥', 'API 金鑰'),
  description:
    'A personal API key (server/core/auth/api-keys.ts): a bearer credential `cak_…` that acts as its owner (userId, from the token), ' +
    "never more: every call checks the owner's current roles, so a permission the owner loses the key loses too, and a disabled " +
    "owner's keys are refused. modules and perms narrow it further (null: not narrowed): a call passes when its module is in " +
    'modules and its permission key (module:entity:action) is in perms or starts with an entry and a colon (`goods:order` takes ' +
    'every action of orders). The key is shown once by base/apiKey/create; only its SHA-256 (hash, never returned) and its first ' +
    'characters (prefix) are kept. Revoked keys (status 0) stay listed with revokeTime; expired ones (expireTime past) are refused. ' +
    'lastUsedTime moves at most once a minute per key and instance. A password change does not revoke keys; base/apiKey/revokeAll ' +
    'does. Members read their own keys; administrators read all and may revoke any.',
  fields: {
    userId: { type: 'int', index: true, label: l('Owner', '所有者', '擁有者') },
    name: { type: 'string', length: 64, required: true, nullable: false, label: l('Name', '名称', '名稱') },
    prefix: { type: 'string', length: 16, label: l('Starts with', '开头', '開頭') },
    hash: { type: 'string', length: 64, hidden: true, unique: true, label: l('Hash', '哈希', '雜湊') },
    modules: { type: 'json', jsonType: 'array', items: 'string', label: l('Modules', '模块', '模組') },
    perms: { type: 'json', jsonType: 'array', items: 'string', label: l('Permission keys', '权限标识', '權限標識') },
    expireTime: { type: 'datetime', label: l('Expires', '过期时间', '到期時間') },
    lastUsedTime: { type: 'datetime', label: l('Last used', '最近使用', '最近使用') },
    lastUsedIp: { type: 'string', length: 50, label: l('Last used from', '最近使用 IP', '最近使用 IP') },
    status: {
      type: 'int',
      default: API_KEY_STATUS.active,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: API_KEY_STATUS.active, label: l('Active', '有效', '有效') },
        { value: API_KEY_STATUS.revoked, label: l('Revoked', '已撤销', '已撤銷') },
      ],
    },
    revokeTime: { type: 'datetime', label: l('Revoked at', '撤销时间', '撤銷時間') },
  },
  actions: ['info', 'page'],
  search: { keyword: ['name', 'prefix'], equal: ['userId', 'status'] },
  order: { field: 'id', sort: 'desc' },
  owner: 'userId',
  access: {
    read: ({ user }) => user && eq('userId', user.id),
    members: ['info', 'page'],
  },
});
