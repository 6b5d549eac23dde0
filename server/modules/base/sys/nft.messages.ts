/** Messages of the NFT staking check (base/sys/user/isNftStacked). */
import { registerMessages } from '../../../core/i18n/messages';

export const NFT_MESSAGES = registerMessages({
  en: {
    chain_not_configured: 'The chain is not configured',
    chain_unreachable: 'The chain could not be reached; please try again later',
    chain_bad_answer: 'The staking contract gave an unexpected answer; please tell the site administrator',
  },
  'zh-cn': {
    chain_not_configured: '未配置区块链',
    chain_unreachable: '暂时无法连接区块链，请稍后再试',
    chain_bad_answer: '质押合约的返回格式异常，请联系网站管理员',
  },
  'zh-tw': {
    chain_not_configured: '未設定區塊鏈',
    chain_unreachable: '暫時無法連線區塊鏈，請稍後再試',
    chain_bad_answer: '質押合約的回傳格式異常，請聯絡網站管理員',
  },
});
