import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'site',
  table: 'base_site_info',
  label: l('Site info', '站点信息', '站台資訊'),
  description:
    'The spec names this entity without fields; it holds what public pages show per site host ' +
    '(display name, logo, favicon, SEO texts). host is unique; a row without host (NULL) is the default site. ' +
    'Read by the public info call and written by save, both hand-written, so no generic actions yet.',
  fields: {
    host: { type: 'string', unique: true, label: l('Host', '域名', '網域') },
    name: { type: 'string', label: l('Display name', '显示名称', '顯示名稱') },
    title: { type: 'string', label: l('Page title', '页面标题', '頁面標題') },
    description: { type: 'text', label: l('Description', '描述', '描述') },
    keywords: { type: 'string', label: l('Keywords', '关键词', '關鍵字') },
    logo: { type: 'string', label: l('Logo', '标志', '標誌') },
    favicon: { type: 'string', label: l('Favicon', '网站图标', '網站圖示') },
    copyright: { type: 'string', label: l('Copyright', '版权', '版權') },
    config: { type: 'json', jsonType: 'object', label: l('Other settings', '其他配置', '其他設定') },
  },
  actions: [],
  access: keyHolders,
});
