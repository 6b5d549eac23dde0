/**
 * message/sendTeamNotice {groupId, content, clientId?}: the group's owner (its member row with
 * isOwner 1) or a deputy (the user's id in the group's `onwerIds`) posts a notice (the call's rule,
 * chat.access.ts ownerOrDeputy). It is a group
 * message of type 9 through the one send path (sequence number, delivery, rate limit, clientId
 * retries) and, in the same transaction, a notification (NOTIFY_TYPE.teamNotice) to every other
 * active member. Any group type takes notices, not only teams (type 2): a group's owner has the
 * same need. Answers the stored message.
 */
import { fail, t as translate } from '../../core/api';
import type { Core, AuthUser, Row, Input } from '../../core/api';
import { NOTIFY_TYPE } from '../workspace/notify/notify.service';
import { CHAT } from './chat.messages';
import { activeMemberIds, liveGroup } from './chat.queries';
import { audienceOf, excerpt, notifyAudience } from './chat-notify';
import { MESSAGE_TYPE, type NOTICE_INPUT } from './conversation';
import { sendMessage } from './send.service';

export async function sendTeamNotice(core: Core, caller: AuthUser, input: Input<typeof NOTICE_INPUT>): Promise<Row> {
  const { groupId, content, clientId } = input;
  const group = await liveGroup(core, groupId);
  if (!group) throw fail.notFound(CHAT.chat_group_not_found);
  const audience = await audienceOf(core, caller.id, await activeMemberIds(core, groupId));
  const message = { toType: 1, toId: groupId, type: MESSAGE_TYPE.notice, content, clientId };
  const sent = await sendMessage(core, caller, message, {
    allowNotice: true,
    within: (t) =>
      notifyAudience(core, t, audience, {
        type: NOTIFY_TYPE.teamNotice,
        fromId: caller.id,
        title: (lang) => translate(lang, CHAT.chat_notice_title, { group: group.name || `#${group.id}` }),
        content: excerpt(content),
        groupId,
      }),
  });
  return sent.message;
}
