/** How the group calls show groups and members to their callers. */
import type { AuthUser, Row } from '../../../core/api';
import { deputies, roleOf, type Group, type Role } from './membership.service';
import type { GroupOfMember, MemberOfGroup } from './group.queries';

/** A group as the caller's lists show it: with their role, their member row and the member count. */
export function asMyGroup(g: GroupOfMember, userId: number): Row {
  const { myIsOwner, memberRowId, ...group } = g;
  const role: Role = myIsOwner === 1 ? 'owner' : deputies(g).includes(userId) ? 'deputy' : 'member';
  return { ...group, role, memberId: memberRowId };
}

/**
 * Members as the member lists show them: the row's public fields, the user's public profile
 * (nickName, headImg, userType: 0 person, 1 AI member), the AI member's owner, the role in the group,
 * and whether the user has a socket connected on any instance (the `online` column that presence
 * keeps, so a list of a thousand members costs no round trip per member). With `prices`, an AI
 * member's price of a reply (ai-price.ts); an AI member's config (prompt, model, parameters, cost),
 * whether it is public and the credential its row runs with (authId, authType) only to its owner (or
 * an administrator), who edits them.
 */
export function shownMembers(
  g: Pick<Group, 'onwerIds'>,
  rows: MemberOfGroup[],
  o: { prices?: Map<number, number | null>; caller?: AuthUser | null } = {},
): Row[] {
  return rows.map(({ config, aiPublic, authId, authType, ...r }) => {
    const ai = r.userType === 1;
    const owns = ai && !!o.caller && (o.caller.isAdmin || o.caller.id === r.ownerId);
    return {
      ...r,
      userType: r.userType ?? 0,
      ownerId: ai ? r.ownerId : null,
      role: roleOf(g, { ...r }),
      online: r.online === 1,
      ...(ai && o.prices ? { price: o.prices.get(r.userId) ?? null } : {}),
      ...(owns ? { config, public: aiPublic, authId, authType } : {}),
    };
  });
}
