import { defineEntity, enabledStatus, eq, fail, l, ownRows, type InvalidField, type Row } from '../../server/core/api';
import { KIND_BASE_URLS, PROVIDER_KINDS } from '../ai/provider.entity';

/** The settings of an AI provider credential (its type a provider kind) and their longest lengths. */
const AI_CONFIG_TEXTS = { baseUrl: 500, model: 100, apiVersion: 40, deployment: 100 } as const;

/** The errors of an AI provider credential's config: baseUrl an http(s) URL (required unless the kind has a known one), the other settings short texts. */
function aiConfigErrors(kind: string, config: unknown): InvalidField[] {
  const c = config && typeof config === 'object' && !Array.isArray(config) ? (config as Row) : {};
  const errors: InvalidField[] = [];
  for (const [k, max] of Object.entries(AI_CONFIG_TEXTS)) {
    const v = c[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') errors.push({ field: `config.${k}`, rule: 'type', params: { type: 'string' } });
    else if (v.length > max) errors.push({ field: `config.${k}`, rule: 'max_length', params: { limit: max } });
  }
  const url = typeof c.baseUrl === 'string' ? c.baseUrl.trim() : '';
  if (!url && !(kind in KIND_BASE_URLS)) errors.push({ field: 'config.baseUrl', rule: 'required', params: {} });
  else if (!url) return errors;
  else if (!/^https?:\/\/[^\s/]+/i.test(url)) errors.push({ field: 'config.baseUrl', rule: 'format', params: { format: 'http(s) URL' } });
  return errors;
}

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
    'config holds the non-secret settings. A credential whose type is an AI provider kind (ai/provider kinds: openai, ' +
    "deepseek, ..., azure) is a member's own model key, which an AI member of theirs may run with (groupMember " +
    "authType 2): its config is { baseUrl? (http or https; required for local servers and Azure, else the kind's own API), " +
    'model?, apiVersion? and deployment? (Azure) }.',
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
  hooks: {
    async beforeChange({ t, data, id }) {
      if (data.type === undefined && data.config === undefined) return;
      const [stored] = id === undefined ? [] : await t.system.find('base/auth', eq('id', id), { fields: ['type', 'config'] });
      const type = data.type ?? stored?.type;
      if (!(PROVIDER_KINDS as readonly string[]).includes(String(type))) return;
      const config = data.config === undefined ? stored?.config : data.config;
      const errors = aiConfigErrors(String(type), config);
      if (errors.length) throw fail.invalid(errors);
      const c = config as Row | null | undefined;
      if (data.config !== undefined && typeof c?.baseUrl === 'string') data.config = { ...c, baseUrl: c.baseUrl.trim().replace(/\/+$/, '') };
    },
  },
});
