import { defineLocale } from '../define';

/** Texts of the workspace shell: its navigation, the connection state and the member menu. */
export default defineLocale('workspace', {
  en: {
    nav: { board: 'Desktops', chats: 'Chats', friends: 'Friends', teams: 'Teams', store: 'Store' },
    state: {
      online: 'Connected',
      connecting: 'Reconnecting…',
      offline: 'Offline',
      offlineHint: 'Messages will not arrive until the connection is back.',
      refused: 'Your session has ended. Please sign in again.',
      gaveUp: 'Could not reach the server. Reload the page to try again.',
    },
    menu: { myPage: 'My page', personal: 'Personal center', nft: 'NFT staking', console: 'Console', logout: 'Log out', signIn: 'Sign in', tokens: 'My tokens', vip: 'VIP', vipUntil: 'VIP until {{date}}' },
    nothing: 'Nothing here yet',
    loadFailed: 'Could not load this. Try again.',
    retry: 'Try again',
  },
  'zh-cn': {
    nav: { board: '桌面', chats: '聊天', friends: '好友', teams: '团队', store: '商店' },
    state: {
      online: '已连接',
      connecting: '正在重新连接…',
      offline: '离线',
      offlineHint: '连接恢复前不会收到新消息。',
      refused: '登录已失效，请重新登录。',
      gaveUp: '无法连接服务器，请刷新页面重试。',
    },
    menu: { myPage: '我的主页', personal: '个人中心', nft: 'NFT 质押', console: '控制台', logout: '退出登录', signIn: '登录', tokens: '我的代币', vip: '会员', vipUntil: '会员有效期至 {{date}}' },
    nothing: '暂无内容',
    loadFailed: '加载失败，请重试。',
    retry: '重试',
  },
  'zh-tw': {
    nav: { board: '桌面', chats: '聊天', friends: '好友', teams: '團隊', store: '商店' },
    state: {
      online: '已連線',
      connecting: '正在重新連線…',
      offline: '離線',
      offlineHint: '連線恢復前不會收到新訊息。',
      refused: '登入已失效，請重新登入。',
      gaveUp: '無法連線伺服器，請重新整理頁面再試。',
    },
    menu: { myPage: '我的主頁', personal: '個人中心', nft: 'NFT 質押', console: '控制台', logout: '登出', signIn: '登入', tokens: '我的代幣', vip: '會員', vipUntil: '會員有效期至 {{date}}' },
    nothing: '暫無內容',
    loadFailed: '載入失敗，請重試。',
    retry: '重試',
  },
});
