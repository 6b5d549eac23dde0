import { defineEntity, enabledStatus, l, ownRows } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'auth',
  table: 'base_auth',
  area: 'ai',
  label: l('Auth config', '授权配置', '授權設定'),
  description:
    'The spec names this entity without fields; it holds one credential a member stores for a ' +
    'provider (type, e.g. an AI model or a social platform) and that apps and group members use ' +
    '(groupMember.authId). name and type are required; userId is the owner, taken from the token; ' +
    'secret is write-only, stored sealed (encrypted with a key outside the database) and never returned: ' +
    'answers carry secretSet instead; an update without secret keeps it, null or an empty string clears it; ' +
    'config holds the non-secret settings.',
  fields: {
    userId: { type: 'int', index: true, label: l('Owner', '所有者', '擁有者') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    type: {
      type: 'string',
      length: 50,
      required: true,
      nullable: false,
      index: true,
      label: l('Provider type', '提供方类型', '提供者類型'),
    },
    appId: { type: 'string', label: l('App id / client id', '应用 ID', '應用程式 ID') },
    // Sealed with the installation's secrets key (docs/decisions/sealed-secrets.md); answers say only secretSet.
    secret: { type: 'text', sealed: true, label: l('Secret', '密钥', '金鑰') },
    config: { type: 'json', jsonType: 'object', label: l('Settings', '配置', '設定') },
    status: enabledStatus(1),
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
  },
  actions: ['add', 'update', 'delete', 'info', 'list'],
  methods: { info: 'POST' },
  search: { keyword: ['name'], equal: ['type', 'status'] },
  owner: 'userId',
  access: { ...ownRows, members: 'all' },
});
