/**
 * base/groupMember: adding and removing members, and the member lists.
 * - add (owner or deputy): `{groupId, userId}` adds an enabled person (notified, NOTIFY_TYPE.groupJoin;
 *   they may leave) or an existing AI member the caller owns or that is public; `{groupId, ai: {nickName,
 *   headImg?, config?, public?}}` creates an AI member owned by the caller and adds it. isOwner is never
 *   taken from the body. 409 when the user is a member already. Answers `{id, userId}`.
 * - delete `{ids}` (all or nothing): a member leaves by deleting their own row (never the owner: 409,
 *   hand over first); the owner and deputies remove others (a deputy neither the owner nor another
 *   deputy). Removed people are notified (groupLeave); leaving a team notifies its owner.
 * - memberList (public) `{groupId, page?, size?}`: page 1 of 1000 by default (000 §9), the owner first;
 *   members of public groups and teams are shown to anyone, of private groups to their members only.
 * - allMemberList (public) `{keyWord?, page?, size?}`: the catalogue of public AI members.
 */
import {
  l,
  call,
  defineRoutes,
  AppError,
  fail,
  parseIds,
  isIn,
  and,
  eq,
  id,
  int,
  nullableText,
  raw,
  SYSTEM,
  BOOL,
  COUNT,
  INT,
  STR,
  listOf,
  nullable,
  obj,
  pageOf,
} from '../../../core/api';
import type { Core, Row } from '../../../core/api';
import { GROUP_TYPE } from '../../../../entities/base/group.entity';
import { AUTH_TYPE } from '../../../../entities/base/groupMember.entity';
import { NOTIFY_TYPE } from '../notify/notify.service';
import { MEMBER, PUBLIC_AI } from './group.answers';
import { GROUP } from './group.messages';
import {
  AI_INPUT,
  aiLimitsOf,
  assertMayUseAi,
  boughtCopy,
  configLimitErrors,
  configObject,
  createAiUser,
  isAi,
  publicAi,
  USER_TYPE,
  type AiInput,
} from './ai-member.service';
import { aiMemberPrices } from './ai-member-prices';
import { aiToolsErrors } from './ai-member-tools';
import { addMember, asSystem, displayName, entities, lockGroup, notifyPeople, removeMembers, requireRole, roleOf, userRow } from './membership.service';
import { aiCatalogue, isMember, liveGroup, memberPage } from './group.queries';
import { shownMembers } from './group-view';

/** Paging of the member lists: page from 1, size 1..1000. */
const IDS = {
  anyOf: [
    { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 },
    { type: 'integer', minimum: 1 },
    { type: 'string', description: 'ids separated by commas' },
  ],
};

const PAGE = { page: int({ min: 1, max: 10_000_000 }).optional(), size: int({ min: 1, max: 1000 }).optional() };

/** Entity fields add ignores: who owns, copies or pays is never the body's to say. */
const NOT_FROM_BODY = [
  'id',
  'isOwner',
  'originMemberId',
  'linkedMemberId',
  'uniqueId',
  'level1',
  'level2',
  'level3',
  'isPurchased',
  'authId',
  'authType',
  'delete',
  'createTime',
  'updateTime',
];

export default defineRoutes((core: Core) => {
  const { members } = entities(core);
  return [
    call(core, 'base', 'groupMember', 'add', {
      method: 'POST',
      member: true,
      summary: l('Add a person or an AI member to a group (owner or deputy)', '添加成员或 AI 成员（群主或副群主）', '新增成員或 AI 成員（群主或副群主）'),
      input: { groupId: id(), userId: id().optional(), ai: AI_INPUT.optional(), name: nullableText(), avatar: nullableText() },
      ignored: NOT_FROM_BODY,
      // Exactly one of userId and ai; the AI member's price and parameters within the administrator's bounds.
      async refine(input, req) {
        const given = (k: string) => (req.body as Row)[k] !== undefined;
        const errors = input.ai?.config ? configLimitErrors(input.ai.config, await aiLimitsOf(core), 'ai.config') : [];
        errors.push(...(await aiToolsErrors(core, input.ai?.config, 'ai.config')));
        if (!given('userId') && !given('ai')) errors.push({ field: 'userId', rule: 'required', params: {} });
        if (given('userId') && given('ai')) errors.push({ field: 'ai', rule: 'invalid', params: {} });
        return errors;
      },
      effect: 'write',
      answer: obj({ id: INT, userId: INT }),
      async handler(req, { groupId, userId, ai, name, avatar }) {
        const caller = req.user!;
        return core.ops.transaction(caller, async (t) => {
          const g = await lockGroup(core, groupId);
          await requireRole(core, g, caller, ['owner', 'deputy']);
          let uid: number;
          let person = false;
          let purchaseId: number | null = null;
          if (ai) uid = await createAiUser(core, caller.id, ai as AiInput);
          else {
            const u = await userRow(core, userId!);
            if (!u || u.status !== 1) throw fail.notFound(GROUP.group_user_not_found);
            if (isAi(u)) purchaseId = await assertMayUseAi(core, u, caller);
            else person = true;
            uid = userId!;
          }
          const id = await addMember(core, t, g, { userId: uid, name, avatar, ...boughtCopy(purchaseId) });
          if (person) {
            await notifyPeople(core, t, {
              toIds: [uid],
              type: NOTIFY_TYPE.groupJoin,
              key: GROUP.notify_group_added,
              params: { group: g.name },
              fromId: caller.id,
              groupId: g.id,
            });
          }
          return { id, userId: uid };
        });
      },
    }),
    call(core, 'base', 'groupMember', 'delete', {
      method: 'POST',
      member: true,
      summary: l('Leave a group, or remove members (owner or deputy)', '退出群组或移除成员（群主或副群主）', '退出群組或移除成員（群主或副群主）'),
      // The ids as the generic delete takes them (a list, one id, or "1,2"): 400 bad_ids otherwise.
      input: { ids: raw(IDS).optional() },
      effect: 'write',
      answer: COUNT,
      async handler(req, input) {
        const caller = req.user!;
        const ids = parseIds(input.ids);
        return core.ops.transaction(caller, async (t) => {
          const found = await asSystem(core, (s) => s.find(members, isIn('id', ids)));
          const missing = ids.filter((id) => !found.some((r) => r.id === id));
          if (missing.length) throw new AppError('not_found', 'records_not_found', { ids: missing.join(', ') }, { missing });
          const groupIds = [...new Set(found.map((r) => r.groupId))].sort((a, b) => a - b);
          for (const groupId of groupIds) {
            const g = await lockGroup(core, groupId);
            const wanted = found.filter((r) => r.groupId === groupId).map((r) => r.id);
            const rows = await asSystem(core, (s) => s.lock(members, isIn('id', wanted)));
            if (rows.length !== wanted.length) throw fail.notFound(GROUP.group_member_not_found);
            const leaving = rows.some((r) => r.userId === caller.id);
            const others = rows.filter((r) => r.userId !== caller.id);
            if (rows.some((r) => r.isOwner === 1 && r.userId === caller.id)) throw fail.conflict(GROUP.group_owner_hand_over);
            if (others.length) {
              const role = await requireRole(core, g, caller, ['owner', 'deputy']);
              if (role === 'deputy' && others.some((r) => roleOf(g, r) !== 'member')) throw fail.forbidden(GROUP.group_deputy_limit);
              if (others.some((r) => r.isOwner === 1)) throw fail.conflict(GROUP.group_owner_hand_over);
            }
            await removeMembers(core, t, g, rows, req.path);
            const params = { group: g.name };
            await notifyPeople(core, t, {
              toIds: others.map((r) => r.userId),
              type: NOTIFY_TYPE.groupLeave,
              key: GROUP.notify_group_removed,
              params,
              fromId: caller.id,
              groupId: g.id,
            });
            if (leaving && g.type === GROUP_TYPE.team) {
              const name = await displayName(core, caller.id);
              await notifyPeople(core, t, {
                toIds: [g.userId ?? 0],
                type: NOTIFY_TYPE.groupLeave,
                key: GROUP.notify_team_left,
                params: { ...params, name },
                fromId: caller.id,
                groupId: g.id,
              });
            }
          }
          return { count: ids.length };
        });
      },
    }),
    call(core, 'base', 'groupMember', 'memberList', {
      method: 'POST',
      access: 'public',
      summary: l("A group's members, page 1 of 1000 by default", '群组成员列表（默认第 1 页，每页 1000）', '群組成員列表（預設第 1 頁，每頁 1000）'),
      description: l(
        'Members of public groups and teams are shown to anyone, of a private group to its members only (403 otherwise).',
        '公开群组和团队的成员对任何人可见，私有群组的成员仅对其成员可见（否则 403）。',
        '公開群組和團隊的成員對任何人可見，私有群組的成員僅對其成員可見（否則 403）。',
      ),
      input: { groupId: id(), ...PAGE },
      effect: 'read',
      answer: pageOf(MEMBER),
      async handler(req, input) {
        const { groupId } = input;
        const page = input.page ?? 1;
        const size = input.size ?? 1000;
        const g = await liveGroup(core, groupId);
        if (!g) throw fail.notFound(GROUP.group_not_found);
        const open = g.type === GROUP_TYPE.public || g.type === GROUP_TYPE.team;
        // Whether the group is public is known only once it is read: a named check of the operation.
        if (!open && !req.user?.isAdmin && !(req.user && (await isMember(core, groupId, req.user.id)))) throw fail.forbidden(GROUP.group_private);
        const { rows, total } = await memberPage(core, groupId, page, size);
        // A bought AI member's copy costs its listing's run fee on top (ai/store-fee.ts).
        const prices = await aiMemberPrices(
          core,
          groupId,
          rows
            .filter((r) => r.userType === 1)
            .map((r) => ({ id: r.userId, config: r.config ?? {}, ownKey: r.authType === AUTH_TYPE.own && r.authId !== null })),
        );
        return { list: shownMembers(g, rows, { prices, caller: req.user ?? null }), pagination: { page, size, total } };
      },
    }),
    call(core, 'base', 'groupMember', 'allMemberList', {
      method: 'POST',
      access: 'public',
      summary: l('The catalogue of public AI members', '公开 AI 成员目录', '公開 AI 成員目錄'),
      input: { keyWord: nullableText({ max: 200 }), ...PAGE },
      effect: 'read',
      answer: pageOf(PUBLIC_AI),
      async handler(_req, input) {
        const kw = input.keyWord;
        const page = input.page ?? 1;
        const size = input.size ?? 20;
        const { rows, total } = await aiCatalogue(core, { keyWord: kw ? kw.trim() || null : null, page, size });
        const prices = await aiMemberPrices(
          core,
          null,
          rows.map((r) => ({ id: r.id, config: configObject(r.config) })),
        );
        return { list: rows.map((r) => publicAi(r, prices.get(r.id) ?? null)), pagination: { page, size, total } };
      },
    }),
    call(core, 'base', 'groupMember', 'myAiMembers', {
      method: 'GET',
      member: true,
      summary: l('The AI members I own', '我拥有的 AI 成员', '我擁有的 AI 成員'),
      description: l(
        "The caller's own AI members, in a group or not (what a listing may sell), oldest first.",
        '调用者拥有的 AI 成员（无论是否在群组中，即商品可出售的对象），按创建先后排列。',
        '呼叫者擁有的 AI 成員（無論是否在群組中，即商品可出售的對象），依建立先後排列。',
      ),
      input: {},
      effect: 'read',
      answer: listOf(obj({ id: INT, nickName: nullable(STR), headImg: nullable(STR), public: BOOL })),
      async handler(req) {
        const mine = await core.ops.reads(SYSTEM).find('base/sys/user', and(eq('ownerId', req.user!.id), eq('userType', USER_TYPE.ai), eq('status', 1)), {
          fields: ['nickName', 'headImg', 'type'],
        });
        return mine.map((u) => ({ id: u.id, nickName: u.nickName, headImg: u.headImg, public: u.type === 1 }));
      },
    }),
  ];
});
