/**
 * base/groupMember/setTeamMemberRole `{groupId, userId, role: 'member'|'deputy'|'owner'}`, by the
 * owner (or an administrator), on any group (a team's or a group's owner hands over the same way).
 * - 'deputy' / 'member' add the user to, or drop them from, the group's deputies (onwerIds).
 * - 'owner' hands the group over: the old owner's row loses isOwner and the new owner's row gains
 *   it, each a conditional update that must touch exactly one row, and group.userId follows, all in
 *   one transaction. The old owner becomes a deputy (they keep managing until the new owner says
 *   otherwise). Of two handovers at once exactly one wins: the group's row is locked first, and the
 *   second finds the caller no longer owner (403).
 * The owner's own role is not changed here (409: hand over to someone else), AI members hold no role
 * (409), and the user is notified (teamRole). Answers `{groupId, userId, role}`.
 */
import { l, call, defineRoutes, fail, and, eq, id, oneOf, INT, obj } from '../../../core/api';
import type { Core } from '../../../core/api';
import { NOTIFY_TYPE } from '../notify/notify.service';
import { GROUP } from './group.messages';
import { isAi } from './ai-member.service';
import { asSystem, deputies, entities, lockGroup, lockMember, notifyPeople, requireRole, setDeputies, userRow, type Role } from './membership.service';

const ROLES: readonly Role[] = ['member', 'deputy', 'owner'];
const ROLE_TEXT = { owner: GROUP.notify_role_owner, deputy: GROUP.notify_role_deputy, member: GROUP.notify_role_member };

export default defineRoutes((core: Core) => {
  const { groups, members } = entities(core);
  return [
    call(core, 'base', 'groupMember', 'setTeamMemberRole', {
      method: 'POST',
      member: true,
      summary: l("Set a member's role, or hand the group over (owner)", '设置成员角色或转让群组（群主）', '設定成員角色或轉讓群組（群主）'),
      input: { groupId: id(), userId: id(), role: oneOf(ROLES) },
      effect: 'write',
      answer: obj({ groupId: INT, userId: INT, role: { enum: [...ROLES] } }),
      async handler(req, { groupId, userId, role }) {
        const caller = req.user!;
        return core.ops.transaction(caller, async (t) => {
          const g = await lockGroup(core, groupId);
          await requireRole(core, g, caller, ['owner']);
          const target = await lockMember(core, groupId, userId);
          if (!target) throw fail.notFound(GROUP.group_member_not_found);
          if (target.isOwner === 1) throw fail.conflict(GROUP.group_role_self);
          if (role !== 'member' && isAi(await userRow(core, userId))) throw fail.conflict(GROUP.group_role_ai);
          const others = deputies(g).filter((id) => id !== userId);
          if (role === 'member') await setDeputies(core, g, others);
          else if (role === 'deputy') await setDeputies(core, g, [...others, userId]);
          else {
            const owners = await asSystem(core, (s) => s.lock(members, and(eq('groupId', groupId), eq('isOwner', 1))));
            if (owners.length !== 1) throw fail.conflict('write_conflict');
            const oldOwner = owners[0].userId;
            await asSystem(core, async (s) => {
              await s.updateWhere(members, and(eq('id', owners[0].id), eq('isOwner', 1)), { isOwner: 0 }, { expect: 1 });
              await s.updateWhere(members, and(eq('id', target.id), eq('isOwner', 0)), { isOwner: 1 }, { expect: 1 });
              await s.updateWhere(
                groups,
                and(eq('id', groupId), eq('userId', g.userId ?? 0)),
                { userId: userId, onwerIds: [...others, oldOwner] },
                { expect: 1 },
              );
            });
          }
          await notifyPeople(core, t, {
            toIds: [userId],
            type: NOTIFY_TYPE.teamRole,
            key: ROLE_TEXT[role],
            params: { group: g.name },
            fromId: caller.id,
            groupId: g.id,
          });
          return { groupId, userId, role };
        });
      },
    }),
  ];
});
