import { defineEntity, l } from '../../server/core/api';

/**
 * The X (Twitter) monitor's settings: one row (profile `default`), written only by `monitor/saveSetting`
 * (server/modules/site/monitor). The credentials are writeOnly: no answer, page, info or /eps row
 * schema ever holds them; `getSetting` answers only whether they are set. The fetch schedule is not
 * kept here but in the `monitor.fetch` task row (task/info), which saveSetting creates and keeps in
 * step, so the Tasks screen and the settings never disagree.
 */
export default defineEntity({
  module: 'base',
  name: 'monitor',
  table: 'base_monitor_setting',
  label: l('X monitor', 'X 监控', 'X 監控'),
  description:
    'Added by us (issue 21): which X accounts (user timelines) and keywords (recent-search queries) the ' +
    'task monitor.fetch watches, and the credentials it calls the X API v2 with: a bearer token, or an API ' +
    'key and secret exchanged for one. Saved with monitor/saveSetting (secrets left out keep the stored ' +
    'ones, an empty string clears them), read with monitor/getSetting (credentialsSet only). lastFetchTime, ' +
    "lastError and rateLimitedUntil are the task's (after a 429 no request is made before that time); " +
    "cursors holds the newest post id per account or keyword (since_id) and the accounts' user ids. " +
    'Administrators only.',
  fields: {
    profile: { type: 'string', length: 32, unique: true, nullable: false, default: 'default', label: l('Profile', '配置名', '設定名') },
    enabled: { type: 'boolean', default: false, nullable: false, label: l('Enabled', '启用', '啟用') },
    accounts: { type: 'json', jsonType: 'array', items: 'string', label: l('Accounts', '账号', '帳號') },
    keywords: { type: 'json', jsonType: 'array', items: 'string', label: l('Keywords', '关键词', '關鍵字') },
    maxResults: { type: 'int', default: 10, nullable: false, label: l('Posts per request', '每次请求帖子数', '每次請求貼文數') },
    bearerToken: { type: 'string', length: 512, writeOnly: true, label: l('Bearer token', 'Bearer 令牌', 'Bearer 權杖') },
    apiKey: { type: 'string', length: 255, writeOnly: true, label: l('API key', 'API 密钥', 'API 金鑰') },
    apiSecret: { type: 'string', length: 255, writeOnly: true, label: l('API secret', 'API 密钥密码', 'API 金鑰密碼') },
    lastFetchTime: { type: 'datetime', readOnly: true, label: l('Last fetch', '上次抓取', '上次擷取') },
    lastError: { type: 'string', length: 500, readOnly: true, label: l('Last error', '上次错误', '上次錯誤') },
    rateLimitedUntil: { type: 'datetime', readOnly: true, label: l('Rate limited until', '限流截止', '限流截止') },
    cursors: { type: 'json', jsonType: 'object', readOnly: true, label: l('Cursors', '抓取进度', '擷取進度') },
  },
  // saveSetting and getSetting are hand-written; the console shows the row read-only.
  actions: ['info', 'page'],
  search: { keyword: ['profile'] },
  // No access declaration: administrators only.
});
