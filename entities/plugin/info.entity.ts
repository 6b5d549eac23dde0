import { defineEntity, enabledStatus, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'plugin',
  name: 'info',
  table: 'plugin_info',
  label: l('Plugin', '插件', '外掛'),
  note:
    'Fields of 001 §3 Plugin. name and keyName are required; keyName identifies the plugin, so it is unique. ' +
    'A plugin starts disabled (status 0). Installing is the custom install call.',
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
  },
  search: { keyword: ['name', 'keyName'], equal: ['status'] },
  access: keyHolders,
});
