/**
 * Catalogue events of chat (plugin `notify` hook): `message.group` when a message is stored in a
 * group. The message's content is never part of the event, whatever the group: a notify plugin
 * sends events off the site, and the content of a private group must not leave it; a receiver that
 * needs the text reads it through the API with its own credentials, under the group's rules.
 */
import { l, defineEvent } from '../../core/api';

defineEvent('message.group', {
  entity: 'base/message',
  summary: l('A message was sent to a group', '群组中发送了一条消息', '群組中傳送了一則訊息'),
  fields: ['id', 'groupId', 'fromId', 'type', 'seq', 'createTime'],
  source: { groupId: 'toId' },
  when: ({ before, after }) => before === null && after !== null && after.toType === 1,
});
