/**
 * HTTP calls of base/message (the socket's events take the same services):
 * - `add` replaces the generic add: the one send path (sequence number, delivery, rate limit,
 *   clientId retries); answers the stored message (its `id` as the generic add's `{id}` would).
 * - `messageList` (public, ARCHITECTURE §7): a page of one conversation by sequence number;
 *   without a token only public groups.
 * - `read`: the caller's read mark of a conversation.
 * - `conversations`: the caller's chats with last message and unread count.
 * - `sendTeamNotice`: a notice from a group's owner or deputy.
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { fail } from '../../../core/http/errors';
import { call, defineRoutes } from '../../../core/modules';
import type { ApiRequest } from '../../../core/http/route';
import { conversationsOf, messageList } from './history.service';
import { markRead } from './read.service';
import { sendMessage } from './send.service';
import { sendTeamNotice } from './team-notice.service';

function caller(req: ApiRequest) {
  if (!req.user) throw fail.unauthorized();
  return req.user;
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'message', 'add', {
    method: 'POST',
    member: true,
    summary: l('Send a message', '发送消息', '傳送訊息'),
    handler: async (req) => (await sendMessage(core, caller(req), req.body)).message,
  }),
  call(core, 'base', 'message', 'messageList', {
    method: 'POST',
    guard: 'public',
    summary: l('Messages of a conversation, by sequence number', '按序号获取会话消息', '依序號取得對話訊息'),
    handler: (req) => messageList(core, req.user, req.body),
  }),
  call(core, 'base', 'message', 'read', {
    method: 'POST',
    member: true,
    summary: l('Mark a conversation read', '标记会话已读', '標記對話已讀'),
    handler: (req) => markRead(core, caller(req), req.body),
  }),
  call(core, 'base', 'message', 'conversations', {
    method: 'POST',
    member: true,
    summary: l('My conversations with unread counts', '我的会话与未读数', '我的對話與未讀數'),
    handler: (req) => conversationsOf(core, caller(req)),
  }),
  call(core, 'base', 'message', 'sendTeamNotice', {
    method: 'POST',
    member: true,
    summary: l('Send a notice to a group', '发送群公告', '傳送群組公告'),
    handler: (req) => sendTeamNotice(core, caller(req), req.body),
  }),
]);
