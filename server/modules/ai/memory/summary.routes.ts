/**
 * `ai/summary/read { toType, toId }` (issue 41): the memory the AI members keep of a conversation, for
 * the people in it: a member of the group (toType 1), or either side of a private chat (toType 0, the
 * other user in toId, as the chat's calls name a conversation). Answers `{ text, upToSeq, updateTime }`,
 * or null while no summary was written. A missing group is 404; anyone else, administrators
 * included, 403 (the console's generic ai/summary screens are theirs).
 */
import { call, defineRoutes, l, nullable, obj, INT, STR } from '../../../core/api';
import type { Core } from '../../../core/api';
import { assertTakesPart } from '../../chat/chat-access';
import { conversationKey, TARGET } from '../../chat/conversation';
import { memoryOf } from './memory-context';

export const MEMORY = nullable(obj({ text: STR, upToSeq: INT, updateTime: nullable(STR) }));

export default defineRoutes((core: Core) => [
  call(core, 'ai', 'summary', 'read', {
    method: 'POST',
    member: true,
    summary: l('What the AI members remember of a conversation', 'AI 成员对会话的记忆', 'AI 成員對對話的記憶'),
    description: l(
      "The conversation's rolling summary that its AI members read before its latest messages, with the newest message seq it covers and when it was written; null while there is none. For members of the group, or either side of the private chat.",
      '会话的滚动摘要：AI 成员在读取最新消息之前先读取它；附带其涵盖的最新消息序号和写入时间；尚无摘要时为 null。仅限群组成员或私聊双方。',
      '對話的滾動摘要：AI 成員在讀取最新訊息之前先讀取它；附帶其涵蓋的最新訊息序號和寫入時間；尚無摘要時為 null。僅限群組成員或私聊雙方。',
    ),
    input: TARGET,
    effect: 'read',
    answer: MEMORY,
    async handler(req, input) {
      const user = req.user!;
      const target = { toType: input.toType === 1 ? (1 as const) : (0 as const), toId: input.toId };
      await assertTakesPart(core, user, target);
      return memoryOf(core, conversationKey(user.id, target));
    },
  }),
]);
