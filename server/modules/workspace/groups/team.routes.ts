/**
 * Teams (groups of type 2), on base/groupMember:
 * - teams: the caller's teams, with their role and member count.
 * - teamsByUserId `{userId}`: another user's teams, public fields only (id, name, avatar, remark,
 *   type, memberCount and that user's role): never the key, the reward pool or the ratio.
 * - teamMember `{groupId}`: every member of a team the caller belongs to, with roles.
 * - canJoin (public) `{key}`: `{canJoin, reason?, team?}`, reason `not_found` (no team has the key),
 *   `deleted` (the team was deleted) or `member` (the caller is in it already); team holds the public
 *   fields. Limited to 60 calls a minute per address.
 * - joinTeam `{key}`: the caller joins as a member (409 when they are one); the owner is notified
 *   (groupJoin). Concurrent joins of one user make one row (the team's row is locked first).
 * - withdrawFromTeam `{groupId}` / withdrawFromTeams `{groupIds}`: the caller leaves; the owner
 *   cannot (409, hand over first) and then nothing is written for the whole batch. The owner is
 *   notified (groupLeave).
 */
import { l, call, defineRoutes, fail, hit, and, eq, id, ids, text, COUNT, INT, BOOL, listOf, obj } from '../../../core/api';
import type { Core, AuthUser, OpTransaction } from '../../../core/api';
import { GROUP_TYPE } from '../../../../entities/base/group.entity';
import { NOTIFY_TYPE } from '../notify/notify.service';
import { memberOfGroup } from './group.access';
import { MY_GROUP, MEMBER, TEAM_CARD } from './group.answers';
import { GROUP } from './group.messages';
import { asMyGroup, shownMembers } from './group-view';
import { addMember, asSystem, displayName, entities, lockGroup, lockMember, notifyPeople, removeMembers } from './membership.service';
import { groupByKey, groupsOf, isMember, liveGroup, memberCount, memberPage } from './group.queries';

/** The most members teamMember answers at once. */
const TEAM_LIST_LIMIT = 5000;

/** The caller leaves each team of `groupIds`, all or nothing. */
async function withdraw(core: Core, t: OpTransaction, caller: AuthUser, groupIds: number[], url: string): Promise<{ count: number }> {
  for (const groupId of [...groupIds].sort((a, b) => a - b)) {
    const g = await lockGroup(core, groupId);
    if (g.type !== GROUP_TYPE.team) throw fail.notFound(GROUP.group_not_team);
    const row = await lockMember(core, groupId, caller.id);
    if (!row) throw fail.notFound(GROUP.group_not_member);
    if (row.isOwner === 1) throw fail.conflict(GROUP.group_owner_hand_over);
    await removeMembers(core, t, g, [row], url);
    const name = await displayName(core, caller.id);
    await notifyPeople(core, t, {
      toIds: [g.userId ?? 0],
      type: NOTIFY_TYPE.groupLeave,
      key: GROUP.notify_team_left,
      params: { group: g.name, name },
      fromId: caller.id,
      groupId: g.id,
    });
  }
  return { count: groupIds.length };
}

export default defineRoutes((core: Core) => {
  const { groups } = entities(core);
  return [
    call(core, 'base', 'groupMember', 'teams', {
      method: 'POST',
      member: true,
      summary: l('My teams, with my role', '我的团队（含我的角色）', '我的團隊（含我的角色）'),
      input: {},
      effect: 'read',
      answer: listOf(MY_GROUP),
      handler: async (req) => (await groupsOf(core, req.user!.id, GROUP_TYPE.team)).map((g) => asMyGroup(g, req.user!.id)),
    }),
    call(core, 'base', 'groupMember', 'teamsByUserId', {
      method: 'POST',
      member: true,
      summary: l("Someone's teams (public fields)", '某用户的团队（公开字段）', '某使用者的團隊（公開欄位）'),
      input: { userId: id() },
      effect: 'read',
      answer: listOf(obj({ ...(TEAM_CARD.properties as object), role: { enum: ['owner', 'deputy', 'member'] } })),
      handler: async (_req, { userId }) =>
        (await groupsOf(core, userId, GROUP_TYPE.team)).map((g) => {
          const { role } = asMyGroup(g, userId);
          return { id: g.id, name: g.name, avatar: g.avatar ?? null, remark: g.remark ?? null, type: g.type, memberCount: g.memberCount, role };
        }),
    }),
    call(core, 'base', 'groupMember', 'teamMember', {
      method: 'POST',
      member: true,
      summary: l("A team's members, with roles", '团队成员（含角色）', '團隊成員（含角色）'),
      input: { groupId: id() },
      access: memberOfGroup,
      effect: 'read',
      answer: listOf(MEMBER),
      async handler(_req, { groupId }) {
        const g = await liveGroup(core, groupId);
        if (!g) throw fail.notFound(GROUP.group_not_found);
        if (g.type !== GROUP_TYPE.team) throw fail.notFound(GROUP.group_not_team);
        return shownMembers(g, (await memberPage(core, groupId, 1, TEAM_LIST_LIMIT)).rows);
      },
    }),
    call(core, 'base', 'groupMember', 'canJoin', {
      method: 'POST',
      access: 'public',
      summary: l('Whether a team join key can be used', '团队加入密钥是否可用', '團隊加入金鑰是否可用'),
      input: { key: text({ max: 64 }) },
      effect: 'read',
      answer: obj({ canJoin: BOOL, reason: { enum: ['not_found', 'deleted', 'member'] }, team: TEAM_CARD }, ['reason', 'team']),
      async handler(req, { key }) {
        await hit(core.cache, [{ key: `team:canJoin:ip:${req.ctx.ip}`, max: 60, windowSeconds: 60 }]);
        const g = await groupByKey(core, key);
        if (!g || g.type !== GROUP_TYPE.team) return { canJoin: false, reason: 'not_found' };
        if (g.deleted) return { canJoin: false, reason: 'deleted' };
        const card = { id: g.id, name: g.name, avatar: g.avatar, remark: g.remark, type: g.type, memberCount: await memberCount(core, g.id) };
        if (req.user && (await isMember(core, g.id, req.user.id))) return { canJoin: false, reason: 'member', team: card };
        return { canJoin: true, team: card };
      },
    }),
    call(core, 'base', 'groupMember', 'joinTeam', {
      method: 'POST',
      member: true,
      summary: l('Join a team by its key', '凭密钥加入团队', '憑金鑰加入團隊'),
      input: { key: text({ max: 64 }) },
      effect: 'write',
      answer: obj({ id: INT, groupId: INT }),
      handler: (req, { key }) => {
        const caller = req.user!;
        return core.ops.transaction(caller, async (t) => {
          const [g] = await asSystem(core, (s) => s.lock(groups, and(eq('key', key), eq('type', GROUP_TYPE.team))));
          if (!g) throw fail.notFound(GROUP.team_key_not_found);
          const id = await addMember(core, t, g, { userId: caller.id });
          const name = await displayName(core, caller.id);
          await notifyPeople(core, t, {
            toIds: [g.userId ?? 0],
            type: NOTIFY_TYPE.groupJoin,
            key: GROUP.notify_team_joined,
            params: { group: g.name, name },
            fromId: caller.id,
            groupId: g.id,
          });
          return { id, groupId: g.id };
        });
      },
    }),
    call(core, 'base', 'groupMember', 'withdrawFromTeam', {
      method: 'POST',
      member: true,
      summary: l('Leave a team', '退出团队', '退出團隊'),
      input: { groupId: id() },
      effect: 'write',
      answer: COUNT,
      handler: (req, { groupId }) => core.ops.transaction(req.user, (t) => withdraw(core, t, req.user!, [groupId], req.path)),
    }),
    call(core, 'base', 'groupMember', 'withdrawFromTeams', {
      method: 'POST',
      member: true,
      summary: l('Leave several teams', '退出多个团队', '退出多個團隊'),
      input: { groupIds: ids() },
      effect: 'write',
      answer: COUNT,
      handler: (req, { groupIds }) => core.ops.transaction(req.user, (t) => withdraw(core, t, req.user!, groupIds, req.path)),
    }),
  ];
});
