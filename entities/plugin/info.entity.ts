import { defineEntity, enabledStatus, l, keyHolders, publicConfig } from '../../server/core/api';

export default defineEntity({
  module: 'plugin',
  name: 'info',
  table: 'plugin_info',
  system: 'plugins',
  label: l('Plugin', '插件', '外掛'),
  description:
    'Fields of 001 §3 Plugin. name and keyName are required; keyName identifies the plugin, so it is unique. ' +
    'A row is made by the install call (two steps: upload, then install {uploadId}; add is the same call) from the ' +
    "package's plugin.json (pluginJson, with the JSON Schema of config); a plugin starts disabled (status 0). " +
    'Ours: sha256 and packageId name the installed version (plugin/package), error says why it failed to load ' +
    '(null when it loaded fine). content is kept for the spec and unused. Generic reads only; update and delete ' +
    'are the custom calls (lifecycle calls, config checked against the schema). Reads leave out the secret ' +
    'config values (schema properties with writeOnly: true) and list the secrets that have one in secretsSet.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    description: { type: 'string', label: l('Description', '描述', '描述') },
    keyName: {
      type: 'string',
      required: true,
      nullable: false,
      unique: true,
      label: l('Key', '标识', '標識'),
    },
    hook: { type: 'string', label: l('Hook', '钩子', '鉤子') },
    readme: { type: 'text', label: l('Readme', '说明文档', '說明文件') },
    version: { type: 'string', label: l('Version', '版本', '版本') },
    logo: { type: 'text', nullable: true, label: l('Logo', '图标', '圖示') },
    author: { type: 'string', label: l('Author', '作者', '作者') },
    status: enabledStatus(0),
    content: { type: 'text', label: l('Content', '内容', '內容') },
    pluginJson: { type: 'json', jsonType: 'object', label: l('Plugin manifest', '插件描述', '外掛描述') },
    config: { type: 'json', jsonType: 'object', label: l('Configuration', '配置', '設定') },
    sha256: { type: 'string', length: 64, readOnly: true, label: l('Package SHA-256', '安装包 SHA-256', '安裝包 SHA-256') },
    packageId: { type: 'int', readOnly: true, label: l('Installed package', '已安装的安装包', '已安裝的安裝包') },
    error: { type: 'text', readOnly: true, label: l('Load error', '加载错误', '載入錯誤') },
    secretsSet: {
      type: 'json',
      jsonType: 'array',
      items: 'string',
      virtual: true,
      readOnly: true,
      label: l('Secrets set', '已设置的密钥', '已設定的密鑰'),
    },
  },
  actions: ['info', 'list', 'page'],
  search: { keyword: ['name', 'keyName'], equal: ['status', 'hook'] },
  access: keyHolders,
  hooks: {
    afterRead({ rows }) {
      for (const row of rows) {
        const { config, secretsSet } = publicConfig(row.config, row.pluginJson);
        row.config = config;
        row.secretsSet = secretsSet;
      }
    },
  },
});
