/**
 * HTTP calls of base/message (the socket's events take the same services, and read their payloads
 * by the same input shapes, conversation.ts):
 * - `add` replaces the generic add: the one send path (sequence number, delivery, rate limit,
 *   clientId retries); answers the stored message (its `id` as the generic add's `{id}` would).
 * - `messageList` (public, docs/decisions/spec-departures.md): a page of one conversation by sequence number;
 *   without a token only public groups (who may read which conversation: chat-access.ts, since an
 *   anonymous caller reads public groups and the socket's sync asks the same).
 * - `read`: the caller's read mark of a conversation.
 * - `conversations`: the caller's chats with last message and unread count.
 * - `sendTeamNotice`: a notice from a group's owner or deputy (chat.access.ts ownerOrDeputy).
 */
import { l, call, defineRoutes, listOf } from '../../core/api';
import type { Core } from '../../core/api';
import { ownerOrDeputy } from './chat.access';
import { CONVERSATION, MESSAGE, MESSAGE_PAGE, READ_MARK } from './chat.answers';
import { MESSAGE_IGNORED, MESSAGE_INPUT, messageTypeErrors, NOTICE_INPUT, PAGE_INPUT, READ_INPUT } from './conversation';
import { conversationsOf, messageList } from './history.service';
import { markRead } from './read.service';
import { sendMessage } from './send.service';
import { sendTeamNotice } from './team-notice.service';

export default defineRoutes((core: Core) => [
  call(core, 'base', 'message', 'add', {
    method: 'POST',
    member: true,
    summary: l('Send a message', '发送消息', '傳送訊息'),
    input: MESSAGE_INPUT,
    ignored: MESSAGE_IGNORED,
    // A notice's type is message/sendTeamNotice's, an AI run's types the AI module's.
    refine: (input) => messageTypeErrors(input.type),
    effect: 'write',
    answer: MESSAGE,
    handler: async (req, input) => (await sendMessage(core, req.user!, input)).message,
  }),
  call(core, 'base', 'message', 'messageList', {
    method: 'POST',
    summary: l('Messages of a conversation, by sequence number', '按序号获取会话消息', '依序號取得對話訊息'),
    input: PAGE_INPUT,
    access: 'public',
    effect: 'read',
    answer: MESSAGE_PAGE,
    handler: (req, input) => messageList(core, req.user, input),
  }),
  call(core, 'base', 'message', 'read', {
    method: 'POST',
    member: true,
    summary: l('Mark a conversation read', '标记会话已读', '標記對話已讀'),
    input: READ_INPUT,
    effect: 'write',
    answer: READ_MARK,
    handler: (req, input) => markRead(core, req.user!, input),
  }),
  call(core, 'base', 'message', 'conversations', {
    method: 'POST',
    member: true,
    summary: l('My conversations with unread counts', '我的会话与未读数', '我的對話與未讀數'),
    input: {},
    effect: 'read',
    answer: listOf(CONVERSATION),
    handler: (req) => conversationsOf(core, req.user),
  }),
  call(core, 'base', 'message', 'sendTeamNotice', {
    method: 'POST',
    member: true,
    summary: l('Send a notice to a group', '发送群公告', '傳送群組公告'),
    input: NOTICE_INPUT,
    access: ownerOrDeputy(core),
    effect: 'write',
    answer: MESSAGE,
    handler: (req, input) => sendTeamNotice(core, req.user!, input),
  }),
]);
