/** Envelope messages of the short-link calls. */
import { registerMessages } from '../../core/api';

export const SHORT_LINK = registerMessages({
  en: {
    shortlink_not_found: 'This short link does not exist or has expired',
    shortlink_delete_key_wrong: 'The delete key does not match this short link',
    shortlink_too_many: 'Too many short links from your address, please try again later',
  },
  'zh-cn': {
    shortlink_not_found: '短链接不存在或已过期',
    shortlink_delete_key_wrong: '删除密钥与该短链接不匹配',
    shortlink_too_many: '您的地址创建短链接过于频繁，请稍后再试',
  },
  'zh-tw': {
    shortlink_not_found: '短網址不存在或已過期',
    shortlink_delete_key_wrong: '刪除金鑰與此短網址不符',
    shortlink_too_many: '您的位址建立短網址過於頻繁，請稍後再試',
  },
});
