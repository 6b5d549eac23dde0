/** Envelope messages of the X monitor's calls, the rules of its 1002 answers, and its notification's title. */
import { registerMessages } from '../../../core/api';

export const MONITOR = registerMessages({
  en: {
    monitor_user_not_found: 'This user does not exist',
    monitor_post_not_found: 'This post has not been fetched',
    monitor_post_title: 'Post by @{username} on X',
  },
  'zh-cn': {
    monitor_user_not_found: '该用户不存在',
    monitor_post_not_found: '尚未抓取该帖子',
    monitor_post_title: '@{username} 在 X 上的帖子',
  },
  'zh-tw': {
    monitor_user_not_found: '該使用者不存在',
    monitor_post_not_found: '尚未擷取此貼文',
    monitor_post_title: '@{username} 在 X 上的貼文',
  },
});

export const MONITOR_FIELDS = registerMessages({
  en: {
    field_monitor_credentials: 'needs a bearer token, or an API key and secret, to be enabled',
    field_monitor_targets: 'needs at least one account or keyword to be enabled',
    field_monitor_account: 'must be X usernames (letters, digits and _, at most 15 characters)',
  },
  'zh-cn': {
    field_monitor_credentials: '启用前需要 Bearer 令牌，或 API 密钥与密钥密码',
    field_monitor_targets: '启用前至少需要一个账号或关键词',
    field_monitor_account: '应为 X 用户名（字母、数字和 _，最多 15 个字符）',
  },
  'zh-tw': {
    field_monitor_credentials: '啟用前需要 Bearer 權杖，或 API 金鑰與金鑰密碼',
    field_monitor_targets: '啟用前至少需要一個帳號或關鍵字',
    field_monitor_account: '應為 X 使用者名稱（字母、數字和 _，最多 15 個字元）',
  },
});
