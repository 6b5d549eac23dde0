/** Messages of the NFT staking calls: the staking check (isNftStacked) and wallet linking (nft-wallet.routes.ts). */
import { registerMessages } from '../../../core/api';

export const NFT_MESSAGES = registerMessages({
  en: {
    chain_not_configured: 'The chain is not configured',
    chain_unreachable: 'The chain could not be reached; please try again later',
    chain_bad_answer: 'The staking contract gave an unexpected answer; please tell the site administrator',
    wallet_challenge_unknown: 'This wallet check is unknown or was already used; please start again',
    wallet_challenge_expired: 'This wallet check has expired; please start again',
    wallet_bad_address: 'The wallet address is not an address of this chain',
    wallet_pubkey_mismatch: 'The public key does not belong to this wallet address',
    wallet_bad_signature: 'The wallet signature does not verify',
    wallet_address_taken: 'This wallet is already linked to another account',
  },
  'zh-cn': {
    chain_not_configured: '未配置区块链',
    chain_unreachable: '暂时无法连接区块链，请稍后再试',
    chain_bad_answer: '质押合约的返回格式异常，请联系网站管理员',
    wallet_challenge_unknown: '钱包验证无效或已使用，请重新开始',
    wallet_challenge_expired: '钱包验证已过期，请重新开始',
    wallet_bad_address: '钱包地址不是该链的地址',
    wallet_pubkey_mismatch: '公钥与钱包地址不匹配',
    wallet_bad_signature: '钱包签名验证失败',
    wallet_address_taken: '该钱包已绑定其他账号',
  },
  'zh-tw': {
    chain_not_configured: '未設定區塊鏈',
    chain_unreachable: '暫時無法連線區塊鏈，請稍後再試',
    chain_bad_answer: '質押合約的回傳格式異常，請聯絡網站管理員',
    wallet_challenge_unknown: '錢包驗證無效或已使用，請重新開始',
    wallet_challenge_expired: '錢包驗證已過期，請重新開始',
    wallet_bad_address: '錢包地址不是此鏈的地址',
    wallet_pubkey_mismatch: '公鑰與錢包地址不相符',
    wallet_bad_signature: '錢包簽章驗證失敗',
    wallet_address_taken: '此錢包已綁定其他帳號',
  },
});
