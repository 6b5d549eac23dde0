/** Messages of a member's own workspace settings (saveApp, updateApp). */
import { registerMessages } from '../../core/api';

export const MEMBER_PROFILE = registerMessages({
  en: { field_app_settings_full: 'is a new app, and settings are kept for at most {max} apps' },
  'zh-cn': { field_app_settings_full: '是新的应用，而最多只能保存 {max} 个应用的设置' },
  'zh-tw': { field_app_settings_full: '是新的應用，而最多只能儲存 {max} 個應用的設定' },
});
