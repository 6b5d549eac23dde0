/** Envelope messages and notification texts of the chat calls (HTTP and socket acks alike). */
import { registerMessages } from '../../core/api';

export const CHAT = registerMessages({
  en: {
    chat_not_member: 'You are not a member of this group',
    chat_group_not_found: 'This group does not exist or has been removed',
    chat_receiver_not_found: 'This user does not exist or cannot receive messages',
    chat_to_self: 'You cannot send a private message to yourself',
    chat_blocked: 'This user does not accept your messages',
    chat_cannot_read: 'You cannot read this conversation',
    chat_too_fast: 'You are sending messages too fast, please wait a moment',
    chat_read_too_fast: 'Too many read marks, please wait a moment',
    chat_notice_not_allowed: 'Only the owner or a deputy of this group can send a notice',
    chat_mention_title: '{name} mentioned you',
    chat_notice_title: 'Notice from {group}',
  },
  'zh-cn': {
    chat_not_member: '你不是该群组的成员',
    chat_group_not_found: '该群组不存在或已被删除',
    chat_receiver_not_found: '该用户不存在或无法接收消息',
    chat_to_self: '不能给自己发私信',
    chat_blocked: '对方不接收你的消息',
    chat_cannot_read: '你无权查看该会话',
    chat_too_fast: '发送消息过于频繁，请稍后再试',
    chat_read_too_fast: '标记已读过于频繁，请稍后再试',
    chat_notice_not_allowed: '只有群主或副群主可以发送公告',
    chat_mention_title: '{name} 提到了你',
    chat_notice_title: '来自 {group} 的公告',
  },
  'zh-tw': {
    chat_not_member: '你不是此群組的成員',
    chat_group_not_found: '此群組不存在或已被刪除',
    chat_receiver_not_found: '此使用者不存在或無法接收訊息',
    chat_to_self: '不能傳私訊給自己',
    chat_blocked: '對方不接收你的訊息',
    chat_cannot_read: '你無權檢視此對話',
    chat_too_fast: '傳送訊息過於頻繁，請稍後再試',
    chat_read_too_fast: '標記已讀過於頻繁，請稍後再試',
    chat_notice_not_allowed: '只有群主或副群主可以發送公告',
    chat_mention_title: '{name} 提到了你',
    chat_notice_title: '來自 {group} 的公告',
  },
});
