/** Envelope messages of the reply chains' calls (chain.routes.ts). */
import { registerMessages } from '../../../core/api';

export const CHAIN = registerMessages({
  en: {
    ai_chain_not_found: 'This chain of AI replies does not exist, or it is not in a conversation you can read',
    ai_chain_not_yours: 'Only the member who asked can stop these AI replies',
  },
  'zh-cn': {
    ai_chain_not_found: '该 AI 回复链不存在，或不在你可阅读的会话中',
    ai_chain_not_yours: '只有提问的会员可以停止这些 AI 回复',
  },
  'zh-tw': {
    ai_chain_not_found: '此 AI 回覆鏈不存在，或不在你可閱讀的對話中',
    ai_chain_not_yours: '只有提問的會員可以停止這些 AI 回覆',
  },
});
