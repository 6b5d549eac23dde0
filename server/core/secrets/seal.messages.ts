/** Envelope messages of sealed secrets (seal.ts). */
import { registerMessages } from '../i18n/messages';

export const SEAL = registerMessages({
  en: {
    secret_unreadable: "A stored secret cannot be read with this server's secrets key; set it again, or start the server with the key it was saved with",
  },
  'zh-cn': {
    secret_unreadable: '无法用本服务器的密钥解开已保存的密钥；请重新设置，或用保存时的密钥启动服务器',
  },
  'zh-tw': {
    secret_unreadable: '無法用本伺服器的金鑰解開已儲存的密鑰；請重新設定，或用儲存時的金鑰啟動伺服器',
  },
});
