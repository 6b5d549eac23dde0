/**
 * Permission-matrix fixtures of the hand-written calls of groups, group members, teams and desktops:
 * each aims member B's (and an anonymous caller's) calls at A's private group (w.groupId, A its owner,
 * the administrator a member), A's member rows, A's desktops and A's group key.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { del, read, write } from './matrix-fixture';

const rowsOf = (w: World, key: string): number[] => w.rows.get(key) ?? [];
const memberRows = (w: World) => rowsOf(w, 'base/groupMember');
const desktops = (w: World) => rowsOf(w, 'base/desktop');

export const GROUP_FIXTURES: Record<string, (w: World) => Fixture> = {
  // base/group: B makes groups of their own only; A's group is neither changed nor listed nor deleted.
  'POST /admin/base/group/add': (w) =>
    write({ body: { name: 'B group', userId: w.a.id, key: w.groupKey, onwerIds: [w.a.id] } }, { body: { name: 'B team', type: 2 } }),
  'POST /admin/base/group/updateGroupInfo': (w) => write({ body: { id: w.groupId, name: 'B renamed A group', allocationRatio: 1 } }),
  'POST /admin/base/group/list2': () => read({ body: {} }, { body: { type: 0 } }),
  'POST /admin/base/group/delete': (w) => del({ body: { ids: [w.groupId] } }),

  // base/groupMember: adding to, reading, copying out of and leaving A's group.
  'POST /admin/base/groupMember/add': (w) =>
    write({ body: { groupId: w.groupId, userId: w.b.id } }, { body: { groupId: w.groupId, ai: { nickName: 'B bot in A group' } } }),
  'POST /admin/base/groupMember/delete': (w) => del({ body: { ids: memberRows(w) } }, { body: { ids: memberRows(w).slice(0, 1) } }),
  'POST /admin/base/groupMember/memberList': (w) => read({ body: { groupId: w.groupId } }, { body: { groupId: w.groupId, page: 1, size: 1000 } }),
  'POST /admin/base/groupMember/allMemberList': () => read({ body: {} }, { body: { keyWord: 'a' } }),
  'POST /admin/base/groupMember/updateMemberInfo': (w) =>
    write(
      ...memberRows(w).map((memberId) => ({ body: { memberId, name: 'B renamed', avatar: 'b.png' } })),
      ...memberRows(w).map((memberId) => ({ body: { memberId, nickName: 'B took over', config: { prompt: 'B' }, public: true } })),
    ),
  'POST /admin/base/groupMember/memberToGroup': (w) => write(...memberRows(w).map((memberId) => ({ body: { memberId, groupId: w.groupId } }))),
  'POST /admin/base/groupMember/groupToDesktop': (w) =>
    write({ body: { groupId: w.groupId, desktopId: 999 } }, ...desktops(w).map((desktopId) => ({ body: { groupId: w.groupId, desktopId } }))),

  // Teams: A's key, A's group and A's membership.
  'POST /admin/base/groupMember/teams': () => read({ body: {} }),
  'POST /admin/base/groupMember/teamsByUserId': (w) => read({ body: { userId: w.a.id } }),
  'POST /admin/base/groupMember/teamMember': (w) => read({ body: { groupId: w.groupId } }),
  'POST /admin/base/groupMember/canJoin': (w) => read({ body: { key: w.groupKey } }, { body: { key: 'not-a-key' } }),
  'POST /admin/base/groupMember/joinTeam': (w) => write({ body: { key: w.groupKey } }),
  'POST /admin/base/groupMember/withdrawFromTeam': (w) => write({ body: { groupId: w.groupId } }),
  'POST /admin/base/groupMember/withdrawFromTeams': (w) => write({ body: { groupIds: [w.groupId] } }),
  'POST /admin/base/groupMember/setTeamMemberRole': (w) =>
    write(
      { body: { groupId: w.groupId, userId: w.b.id, role: 'owner' } },
      { body: { groupId: w.groupId, userId: w.adminId, role: 'deputy' } },
      { body: { groupId: w.groupId, userId: w.a.id, role: 'member' } },
    ),

  // base/desktop: B's own desktops only.
  'POST /admin/base/desktop/add': (w) => write({ body: { name: 'B desktop', member: [w.groupId], userId: w.a.id } }),
  'POST /admin/base/desktop/list': (w) => read({ body: {} }, { body: { userId: w.a.id } }),
  'POST /admin/base/desktop/updateSortByIds': (w) => write({ body: { ids: desktops(w).length ? desktops(w) : [1] } }),
};
