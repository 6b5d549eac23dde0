/**
 * base/group calls beyond the generic ones:
 * - add (member): the caller becomes the group's owner (group.userId and a member row with isOwner 1)
 *   in one transaction; a team (type 2) gets a random join key made here, never taken from the body.
 *   Defaults: type 0, rows 2, cols 2, onBoard 1. The caller's sockets join the group's room after the commit.
 * - updateGroupInfo: the owner or a deputy changes the group's card and board, and aiReplyCap (0..20,
 *   AI replies in a row); allocationRatio (0..1) only on teams. The AI budgets (aiBudgetDay /
 *   aiBudgetMonth, tokens, null or 0 for none: what AI runs in the group may take) are the owner's to
 *   set: a deputy who sends one is refused (403) and nothing changes.
 * - list2: the caller's groups, each with the caller's `role` and the group's `memberCount`.
 * - delete: the owner only (the generic delete rule on userId), soft; after the commit every member's
 *   sockets leave the group's room. Member rows stay, so a restore brings the group back whole.
 * The file scope `group` is registered here: a private file shared with a group is its members'.
 */
import { randomInt } from 'node:crypto';
import {
  l,
  call,
  defineRoutes,
  AppError,
  fail,
  parseIds,
  id,
  int,
  nullableText,
  num,
  orNull,
  raw,
  text,
  ANY_OBJECT,
  INT,
  STR,
  listOf,
  obj,
} from '../../../core/api';
import type { Core, EntityRow, Row } from '../../../core/api';
import { BOARD_SIZE, GROUP_TYPE, MAX_AI_REPLY_CAP } from '../../../../entities/base/group.entity';
import { MY_GROUP } from './group.answers';
import { asSystem, defined, entities, lockGroup, requireRole } from './membership.service';
import { GROUP } from './group.messages';
import { groupsOf, isMember, memberUserIds } from './group.queries';
import { registerFileScope } from '../../files/file-access';
import { asMyGroup } from './group-view';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 10;

/** A team's join key: 10 characters of base62 (about 59 bits), unguessable. */
export function newTeamKey(): string {
  let s = '';
  for (let i = 0; i < KEY_LENGTH; i++) s += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return s;
}

/** The fields of the group's card and board that add and updateGroupInfo take (add requires the name). */
const CARD = {
  remark: nullableText(),
  avatar: nullableText(),
  rows: int(BOARD_SIZE).optional(),
  cols: int(BOARD_SIZE).optional(),
  onBoard: int({ min: 0, max: 1 }).optional(),
  channelId: nullableText(),
  position: int().optional(),
  allocationRatio: num({ min: 0, max: 1 }).optional(),
  aiReplyCap: int({ min: 0, max: MAX_AI_REPLY_CAP }).optional(),
};

/** The group's AI budgets (tokens; null or 0: none), the owner's alone to set. */
const BUDGETS = {
  aiBudgetDay: orNull(num({ min: 0, max: 1e12 })).optional(),
  aiBudgetMonth: orNull(num({ min: 0, max: 1e12 })).optional(),
};

const IDS = {
  anyOf: [
    { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 },
    { type: 'integer', minimum: 1 },
    { type: 'string', description: 'ids separated by commas' },
  ],
};
/** Fields of the entity that add ignores (the server sets them), as the generic add ignores read-only ones. */
const SET_BY_SERVER = ['id', 'userId', 'key', 'onwerIds', 'rewardPool', 'delete', 'createTime', 'updateTime'];

export default defineRoutes((core: Core) => {
  const { groups, members } = entities(core);
  // A file shared with a group (files/file-access.ts) is fetched by the group's members.
  registerFileScope('group', (c, user, groupId) => isMember(c, groupId, user.id));
  return [
    call(core, 'base', 'group', 'add', {
      method: 'POST',
      member: true,
      summary: l('Create a group (the caller is its owner)', '创建群组（创建者为群主）', '建立群組（建立者為群主）'),
      input: { name: text(), ...CARD, type: int({ min: GROUP_TYPE.private, max: GROUP_TYPE.team }).optional() },
      ignored: SET_BY_SERVER,
      refine: (input) =>
        input.allocationRatio !== undefined && input.type !== GROUP_TYPE.team ? [{ field: 'allocationRatio', rule: 'invalid', params: {} }] : [],
      effect: 'write',
      answer: obj({ id: INT, key: STR }, ['key']),
      async handler(req, input) {
        const caller = req.user!;
        const { type: given, ...card } = input;
        // The input's bounds are the dictionary's: private, public or team.
        const type = (given ?? GROUP_TYPE.private) as EntityRow<'base/group'>['type'];
        for (let attempt = 0; ; attempt++) {
          const key = type === GROUP_TYPE.team ? newTeamKey() : undefined;
          try {
            return await core.ops.transaction(caller, async (t) => {
              const id = await t.addOne(groups, defined({ ...card, type, key, userId: caller.id }), { trusted: true, url: req.path });
              await asSystem(core, (s) => s.addOne(members, { groupId: id, userId: caller.id, isOwner: 1 }));
              t.afterCommit(() => core.realtime.joinGroup([caller.id], id));
              return key ? { id, key } : { id };
            });
          } catch (err) {
            // Two random keys alike are next to impossible; a fresh one settles it.
            if (!(key && err instanceof AppError && err.kind === 'conflict') || attempt >= 3) throw err;
          }
        }
      },
    }),
    call(core, 'base', 'group', 'updateGroupInfo', {
      method: 'POST',
      member: true,
      summary: l('Change a group (owner or deputy)', '修改群组信息（群主或副群主）', '修改群組資訊（群主或副群主）'),
      input: { id: id(), name: text().optional(), ...CARD, ...BUDGETS },
      effect: 'write',
      answer: ANY_OBJECT,
      async handler(req, input) {
        const caller = req.user!;
        const { id, ...card } = input;
        return core.ops.transaction(caller, async () => {
          const g = await lockGroup(core, id);
          const role = await requireRole(core, g, caller, ['owner', 'deputy']);
          if ((card.aiBudgetDay !== undefined || card.aiBudgetMonth !== undefined) && role !== 'owner') throw fail.forbidden(GROUP.group_not_owner);
          if (card.allocationRatio !== undefined && g.type !== GROUP_TYPE.team) {
            throw fail.invalid([{ field: 'allocationRatio', rule: 'invalid', params: {} }]);
          }
          if (Object.keys(card).length) await asSystem(core, (s) => s.update(groups, { id, ...card }, { url: req.path }));
          return asSystem(core, (s) => s.info(groups, id));
        });
      },
    }),
    call(core, 'base', 'group', 'list2', {
      method: 'POST',
      member: true,
      summary: l('My groups, with my role', '我的群组（含我的角色）', '我的群組（含我的角色）'),
      input: { type: int({ min: GROUP_TYPE.private, max: GROUP_TYPE.team }).optional() },
      effect: 'read',
      answer: listOf(MY_GROUP),
      async handler(req, { type }) {
        const caller = req.user!;
        return (await groupsOf(core, caller.id, type)).map((g) => asMyGroup(g, caller.id));
      },
    }),
    call(core, 'base', 'group', 'delete', {
      method: 'POST',
      member: true,
      summary: l('Delete groups (owner only)', '删除群组（仅群主）', '刪除群組（僅群主）'),
      // The ids as the generic delete takes them (a list, one id, or "1,2"): 400 bad_ids otherwise.
      input: { ids: raw(IDS).optional() },
      effect: 'write',
      answer: obj({ count: INT }),
      async handler(req, input) {
        const ids = parseIds(input.ids);
        return core.ops.transaction(req.user, async (t) => {
          const done = await t.delete(groups, { ids }, { url: req.path });
          t.afterCommit(async () => {
            for (const [groupId, userIds] of await memberUserIds(core, ids)) await core.realtime.leaveGroup(userIds, groupId);
          });
          return done;
        });
      },
    }),
  ];
});
