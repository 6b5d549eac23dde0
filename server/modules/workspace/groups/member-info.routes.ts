/**
 * base/groupMember: changing a member and copying an AI member.
 * - updateMemberInfo (token, docs/decisions/spec-departures.md) `{memberId, name?, avatar?, nickName?, headImg?, config?,
 *   public?, authId?, authType?}`: name and avatar (how the member shows in this group) by the row's
 *   own user or, for an AI member, its owner; nickName, headImg, config and public change the AI user
 *   itself and authId/authType the credential the row runs with, by the AI's owner only (authId must be
 *   a base/auth row of that owner; authType 2 needs one). AI-only fields on a person's row are 1002.
 * - memberToGroup `{memberId, groupId}`: copies an AI member's row into a group where the caller is
 *   owner or deputy; the caller must own the AI, it must be public, or the caller holds an active
 *   purchase of it (goods/purchase; the copy is then a bought one, isPurchased 1 and its purchaseId). The copy points at its origin
 *   (originMemberId) and at the first row of the chain (linkedMemberId). It keeps the origin's
 *   credential (authId/authType) only when the caller owns the AI (no one spends another's key), and
 *   the origin's name and avatar only when the caller could see that row (its group's member or the
 *   AI's owner).
 */
import {
  l,
  call,
  defineRoutes,
  eq,
  fail,
  type InvalidField,
  bool,
  id,
  int,
  nullableId,
  nullableText,
  orNull,
  text,
  ANY_OBJECT,
  INT,
  obj,
} from '../../../core/api';
import type { Core, Row } from '../../../core/api';
import { AUTH_TYPE } from '../../../../entities/base/groupMember.entity';
import { GROUP } from './group.messages';
import { aiToolsErrors } from './ai-member-tools';
import { AI_CONFIG, aiLimitsOf, assertMayUseAi, boughtCopy, configLimitErrors, isAi, updateAiUser } from './ai-member.service';
import { addMember, asSystem, defined, entities, lockGroup, lockMemberRow, membersChanged, requireRole, userRow, type Member } from './membership.service';

const AI_FIELDS = ['nickName', 'headImg', 'config', 'public', 'authId', 'authType'];

/**
 * The named check of updateMemberInfo, on the locked row: a member row is changed (and answered) only
 * for its own user, the owner of the AI it holds, or an administrator.
 */
function assertMayChangeMemberRow(caller: { id: number; isAdmin: boolean }, row: Member, ownsAi: boolean): void {
  if (!(caller.isAdmin || ownsAi || row.userId === caller.id)) throw fail.forbidden('no_permission');
}

/** A member row, or 404 with the members' message. */
async function memberRow(core: Core, memberId: number): Promise<Member> {
  const [row] = await asSystem(core, (s) => s.find(entities(core).members, eq('id', memberId)));
  if (!row) throw fail.notFound(GROUP.group_member_not_found);
  return row;
}

export default defineRoutes((core: Core) => {
  const { members, auths } = entities(core);
  return [
    call(core, 'base', 'groupMember', 'updateMemberInfo', {
      method: 'POST',
      member: true,
      summary: l("Change a member's name, or an AI member's settings", '修改成员名称或 AI 成员设置', '修改成員名稱或 AI 成員設定'),
      input: {
        memberId: id(),
        name: nullableText(),
        avatar: nullableText(),
        nickName: text({ max: 50 }).optional(),
        headImg: nullableText(),
        config: orNull(AI_CONFIG),
        public: bool().optional(),
        authId: nullableId(),
        authType: int({ min: AUTH_TYPE.platform, max: AUTH_TYPE.own }).optional(),
      },
      // An AI member's config: its keys, and its price and parameters within the administrator's bounds.
      async refine(input) {
        if (!input.config) return [];
        return [...configLimitErrors(input.config, await aiLimitsOf(core), 'config'), ...(await aiToolsErrors(core, input.config, 'config'))];
      },
      effect: 'write',
      answer: ANY_OBJECT,
      async handler(req, input) {
        const caller = req.user!;
        const { memberId, name, avatar, nickName, headImg, public: pub, authId, authType } = input;
        const config = input.config as Row | null | undefined;
        const aiGiven = AI_FIELDS.filter((k) => (input as Row)[k] !== undefined);
        return core.ops.transaction(caller, async (t) => {
          const row = await lockMemberRow(core, memberId);
          const u = await userRow(core, row.userId);
          const ai = isAi(u);
          const ownsAi = ai && (caller.isAdmin || u!.ownerId === caller.id);
          if (aiGiven.length && !ai) throw fail.invalid(aiGiven.map((field): InvalidField => ({ field, rule: 'invalid', params: {} })));
          if (aiGiven.length && !ownsAi) throw fail.forbidden(GROUP.group_ai_not_yours);
          // Whatever is sent (nothing included: the answer is the row), the row is the caller's own or their AI's.
          assertMayChangeMemberRow(caller, row, ownsAi);
          if (authId) {
            const [auth] = await asSystem(core, (s) => s.lock(auths, authId));
            if (!auth || auth.userId !== u!.ownerId) throw fail.notFound('record_not_found');
          }
          const nextType = authType ?? row.authType;
          const nextAuth = authId === undefined ? row.authId : authId;
          if (nextType === AUTH_TYPE.own && (nextAuth === null || nextAuth === undefined)) {
            throw fail.invalid([{ field: 'authId', rule: 'required', params: {} }]);
          }
          const changes = defined({ name, avatar, authId, authType });
          if (Object.keys(changes).length) await asSystem(core, (s) => s.update(members, { id: memberId, ...changes }, { url: req.path }));
          if (ai) await updateAiUser(core, row.userId, { nickName: nickName ?? undefined, headImg, config, public: pub });
          // How the member shows in the group changed: open chats name them anew.
          if (name !== undefined || avatar !== undefined || nickName !== undefined || headImg !== undefined)
            t.afterCommit(() => membersChanged(core, row.groupId));
          return asSystem(core, (s) => s.info(members, memberId));
        });
      },
    }),
    call(core, 'base', 'groupMember', 'memberToGroup', {
      method: 'POST',
      member: true,
      summary: l('Copy an AI member into another group', '将 AI 成员复制到其他群组', '將 AI 成員複製到其他群組'),
      input: { memberId: id(), groupId: id() },
      effect: 'write',
      answer: obj({ id: INT }),
      async handler(req, { memberId, groupId }) {
        const caller = req.user!;
        return core.ops.transaction(caller, async (t) => {
          const g = await lockGroup(core, groupId);
          await requireRole(core, g, caller, ['owner', 'deputy']);
          const origin = await memberRow(core, memberId);
          const u = await userRow(core, origin.userId);
          if (!isAi(u)) throw fail.bad(GROUP.group_not_ai);
          const purchaseId = await assertMayUseAi(core, u!, caller);
          const owns = caller.isAdmin || u!.ownerId === caller.id;
          const seesOrigin = owns || (await asSystem(core, (s) => s.list(members, { groupId: origin.groupId, userId: caller.id }))).length > 0;
          const id = await addMember(core, t, g, {
            userId: origin.userId,
            name: seesOrigin ? origin.name : null,
            avatar: seesOrigin ? origin.avatar : null,
            originMemberId: origin.id,
            linkedMemberId: origin.linkedMemberId ?? origin.id,
            authId: owns ? origin.authId : null,
            authType: owns ? origin.authType : AUTH_TYPE.platform,
            ...boughtCopy(purchaseId),
          });
          return { id };
        });
      },
    }),
  ];
});
