/**
 * HTTP calls of the chat beyond sending (the socket's events of the same names take the same
 * inputs and services, socket.server.ts):
 * - `edit`, `recall`, `react`, `pin`: changes of a sent message (message-change.ts says who may);
 *   each answers the message as it is after.
 * - `pins`: a conversation's pinned messages (who reads the conversation).
 * - `readers`: every member's last-read number in a conversation they take part in ("seen by N").
 * - `typing`: "... is typing" to the others of a conversation, never stored (typing.ts).
 * - `mute`: the caller's mute of a conversation (no toast, sound or bell for its ordinary messages).
 * - `delete` replaces the generic delete: the console's delete recalls each message for everyone
 *   (its place in the conversation's numbering stays; its content goes).
 */
import { AppError, l, call, defineRoutes, listOf, ids, obj, INT, COUNT } from '../../core/api';
import { hitSendLimit } from './send.service';
import type { Core } from '../../core/api';
import { MESSAGE, READERS } from './chat.answers';
import { assertTakesPart, readableConversation } from './chat-access';
import { conversationKey } from './conversation';
import { EDIT_INPUT, MUTE_INPUT, PIN_INPUT, REACT_INPUT, RECALL_INPUT, TYPING_INPUT } from './change-inputs';
import { editMessage, pinMessage, pinnedMessages, reactToMessage, recallMessage } from './message-change';
import { readersOf } from './history.queries';
import { muteConversation } from './mute.service';
import { announceTyping } from './typing';

export default defineRoutes((core: Core) => {
  // A change counts against the sender's send limit, as a message does (the socket counts it beside its session check).
  const limited = (userId: number) => hitSendLimit(core, userId);
  return [
    call(core, 'base', 'message', 'edit', {
      method: 'POST',
      member: true,
      summary: l('Edit your message', '编辑自己的消息', '編輯自己的訊息'),
      description: l(
        'The sender edits their own text message (not recalled); everyone in the conversation gets the new text, marked edited with the time.',
        '发送者编辑自己的文本消息（未撤回）；会话中的每个人都会收到新内容，并标注已编辑及时间。',
        '傳送者編輯自己的文字訊息（未收回）；對話中的每個人都會收到新內容，並標註已編輯及時間。',
      ),
      input: EDIT_INPUT,
      effect: 'write',
      answer: MESSAGE,
      handler: async (req, input) => (await limited(req.user!.id), editMessage(core, req.user!, input.id, input.content)),
    }),
    call(core, 'base', 'message', 'recall', {
      method: 'POST',
      member: true,
      summary: l('Recall a message', '撤回消息', '收回訊息'),
      description: l(
        "The sender within the recall window (param chatRecallMinutes, default 2), or a group's owner or deputy at any time: the message shows as recalled to everyone and its content is served no more.",
        '发送者可在撤回时限内（参数 chatRecallMinutes，默认 2 分钟）撤回，群主或副群主随时可撤回：消息对所有人显示为已撤回，内容不再提供。',
        '傳送者可在收回時限內（參數 chatRecallMinutes，預設 2 分鐘）收回，群主或副群主隨時可收回：訊息對所有人顯示為已收回，內容不再提供。',
      ),
      input: RECALL_INPUT,
      effect: 'write',
      answer: MESSAGE,
      handler: async (req, input) => (await limited(req.user!.id), recallMessage(core, req.user!, input.id)),
    }),
    call(core, 'base', 'message', 'react', {
      method: 'POST',
      member: true,
      summary: l('React to a message', '表情回应消息', '以表情回應訊息'),
      description: l(
        'Sets (on: true) or clears (on: false; left out: toggles) the caller’s reaction on a message of a conversation they take part in.',
        '在自己参与的会话中，为消息设置（on: true）或取消（on: false；不传则切换）自己的表情回应。',
        '在自己參與的對話中，為訊息設定（on: true）或取消（on: false；不傳則切換）自己的表情回應。',
      ),
      input: REACT_INPUT,
      effect: 'write',
      answer: MESSAGE,
      handler: async (req, input) => (await limited(req.user!.id), reactToMessage(core, req.user!, input.id, input.emoji, input.on)),
    }),
    call(core, 'base', 'message', 'pin', {
      method: 'POST',
      member: true,
      summary: l('Pin or unpin a message', '置顶或取消置顶消息', '釘選或取消釘選訊息'),
      description: l(
        'In a group its owner or a deputy; in a private chat either of the two. pinned: false unpins.',
        '群聊中由群主或副群主操作；私聊中双方均可。pinned: false 为取消置顶。',
        '群組中由群主或副群主操作；私訊中雙方均可。pinned: false 為取消釘選。',
      ),
      input: PIN_INPUT,
      effect: 'write',
      answer: MESSAGE,
      handler: async (req, input) => (await limited(req.user!.id), pinMessage(core, req.user!, input.id, input.pinned)),
    }),
    call(core, 'base', 'message', 'pins', {
      method: 'POST',
      member: true,
      summary: l('Pinned messages of a conversation', '会话的置顶消息', '對話的釘選訊息'),
      input: TYPING_INPUT,
      effect: 'read',
      answer: listOf(MESSAGE),
      handler: async (req, input) => pinnedMessages(core, await readableConversation(core, req.user, input)),
    }),
    call(core, 'base', 'message', 'readers', {
      method: 'POST',
      member: true,
      summary: l('How far each member has read', '各成员的已读位置', '各成員的已讀位置'),
      description: l(
        'Every last-read number in a conversation the caller takes part in: a message with seq s was seen by those whose seq is at least s.',
        '调用者参与的会话中每个人的已读序号：序号为 s 的消息已被已读序号不小于 s 的成员看到。',
        '呼叫者參與的對話中每個人的已讀序號：序號為 s 的訊息已被已讀序號不小於 s 的成員看到。',
      ),
      input: TYPING_INPUT,
      effect: 'read',
      answer: READERS,
      handler: async (req, input) => {
        await assertTakesPart(core, req.user!, input);
        return readersOf(core, conversationKey(req.user!.id, input));
      },
    }),
    call(core, 'base', 'message', 'typing', {
      method: 'POST',
      member: true,
      summary: l('Say you are typing', '告知正在输入', '告知正在輸入'),
      description: l(
        'Tells the others of the conversation the caller is typing (never stored; at most one every 2 seconds per conversation is passed on).',
        '告知会话中的其他人你正在输入（不存储；每个会话每 2 秒最多转发一次）。',
        '告知對話中的其他人你正在輸入（不儲存；每個對話每 2 秒最多轉發一次）。',
      ),
      input: TYPING_INPUT,
      effect: 'write',
      answer: obj({ sent: { type: 'boolean' } }),
      handler: async (req, input) => ({ sent: await announceTyping(core, req.user!, input) }),
    }),
    call(core, 'base', 'message', 'mute', {
      method: 'POST',
      member: true,
      summary: l('Mute or unmute a conversation', '会话免打扰', '對話勿擾'),
      input: MUTE_INPUT,
      effect: 'write',
      answer: obj({ toType: INT, toId: INT, muted: { type: 'boolean' } }),
      handler: (req, input) => muteConversation(core, req.user!, input),
    }),
    call(core, 'base', 'message', 'delete', {
      method: 'POST',
      summary: l('Recall messages for everyone', '为所有人撤回消息', '為所有人收回訊息'),
      description: l(
        'The console’s delete: each message is recalled for everyone (its number in the conversation stays, its content goes), as its sender or a group’s owner would.',
        '后台的删除：每条消息都为所有人撤回（保留其在会话中的序号，内容删除），与发送者或群主撤回相同。',
        '後台的刪除：每則訊息都為所有人收回（保留其在對話中的序號，內容刪除），與傳送者或群主收回相同。',
      ),
      input: { ids: ids() },
      effect: 'write',
      answer: obj({ count: COUNT }),
      handler: async (req, input) => {
        let count = 0;
        for (const id of input.ids) if (await recallMessage(core, req.user!, id, { asAdmin: true }).then(() => true, skipMissing)) count++;
        return { count };
      },
    }),
  ];
});

/** A message already gone is skipped by the console's delete, as the generic delete skips missing rows. */
function skipMissing(err: unknown): false {
  if (err instanceof AppError && err.kind === 'not_found') return false;
  throw err;
}
