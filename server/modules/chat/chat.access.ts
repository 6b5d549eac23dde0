/** The access rules of the chat's declared calls (message.routes.ts). */
import { l, check } from '../../core/api';
import type { Core } from '../../core/api';
import { liveGroup, memberRow } from './chat.queries';

/**
 * The owner of the group `groupId` (their member row says isOwner 1) or a deputy (their id among the
 * group's `onwerIds`, with a member row): who posts a team notice. A missing or removed group passes
 * here, so that the call answers 404 for it as before.
 */
export const ownerOrDeputy = (core: Core) =>
  check<{ groupId: number }>(l('the owner or a deputy of the group', '该群组的群主或副群主', '該群組的群主或副群主'), async ({ user, input }) => {
    const group = await liveGroup(core, input.groupId);
    if (!group) return true;
    const member = await memberRow(core, group.id, user.id);
    return member !== null && (member.isOwner === 1 || group.onwerIds.includes(user.id));
  });
