/**
 * The calls the board makes, typed, over the data layer (docs/reference/calls/workspace.md).
 *
 * Departures from the brief, forced by the server:
 * - desktop `add` and group `delete` are hand-written routes, absent from the generated CRUD map,
 *   so they go through `calls` (same paths as `data(...).add` / `.delete` would use);
 * - a public AI member from the catalogue (`allMemberList` gives AI *user* ids) is added with
 *   `groupMember/add {groupId, userId}`: `memberToGroup` takes a member *row* id, which the
 *   catalogue does not give;
 * - friends are read with `{status: 1, userId: me}`: a member's `friend/list` also returns other
 *   people's accepted rows.
 */
import { calls, data } from '../../app/data';
import { toDesktops, type DesktopItem } from './desktop-order';
import { roleOf, type GroupRole } from './group-roles';

export type GroupType = 0 | 1 | 2;
export const GROUP_TYPES: readonly GroupType[] = [0, 1, 2];
/** The locale key of each group type (`wsBoard.type.<key>`), by type. */
export const TYPE_KEYS = ['private', 'public', 'team'] as const;

/** A group as `group/list2` shows it to the caller. */
export interface MyGroup {
  id: number;
  name: string;
  remark: string | null;
  avatar: string | null;
  type: GroupType;
  rows: number;
  cols: number;
  onBoard: number;
  /** AI replies in a row before the AI members wait for a person (0 = they never answer); 3 when absent. */
  aiReplyCap?: number;
  /** What AI runs in the group may take per day and per month, in tokens (null: no budget); the owner sets them. */
  aiBudgetDay: number | null;
  aiBudgetMonth: number | null;
  /** A team's join key. */
  key: string | null;
  role: GroupRole;
  /** The caller's member row in the group. */
  memberId: number;
  memberCount: number;
  updateTime?: string;
}

/** A row of `groupMember/memberList`. */
export interface GroupMember {
  id: number;
  groupId: number;
  userId: number;
  name: string | null;
  avatar: string | null;
  nickName: string | null;
  headImg: string | null;
  /** 1: an AI member. */
  userType: number;
  online: boolean;
  role: GroupRole;
  /** An AI member's price of a reply in tokens (null: it cannot answer now); undefined for people. */
  price?: number | null;
  /** An AI member's settings and whether it is public: only its owner is sent them. */
  config?: AiConfig;
  public?: boolean;
  /** The credential the AI member's row runs with (1 the site's models, 2 the owner's key `authId`): only its owner is sent them. */
  authId?: number | null;
  authType?: number;
}

/** What an AI member's owner edits of its config; other keys are kept as they are. */
export interface AiConfig {
  model?: string;
  prompt?: string;
  cost?: number;
  [key: string]: unknown;
}

export interface Friend {
  id: number;
  friendId: number;
  nickName: string | null;
  avatar: string | null;
  remark: string | null;
}

export interface CatalogueAi {
  id: number;
  nickName: string | null;
  headImg: string | null;
  avatar: string | null;
  model: string | null;
  description: string | null;
  /** Tokens a reply costs (null: it cannot answer now). */
  price: number | null;
}

export interface NewGroup {
  name: string;
  type: GroupType;
  remark?: string;
  rows: number;
  cols: number;
}

export interface GroupCard {
  name?: string;
  remark?: string | null;
  avatar?: string | null;
  rows?: number;
  cols?: number;
  onBoard?: number;
  aiReplyCap?: number;
  aiBudgetDay?: number | null;
  aiBudgetMonth?: number | null;
}

export type NewAi = {
  nickName: string;
  headImg?: string;
  config?: AiConfig;
  public?: boolean;
};

/** An owner's change of an AI member (groupMember/updateMemberInfo). */
export interface AiChange {
  nickName: string;
  headImg: string | null;
  config: AiConfig;
  public: boolean;
  /** Runs with the site's models (1) or the owner's own key `authId` (2). */
  authType?: 1 | 2;
  authId?: number | null;
}

type Obj = Record<string, unknown>;

/** A budget as the server stores it (a decimal, maybe as a string); 0 or none is no budget. */
function budgetOf(v: unknown): number | null {
  const n = Number(v);
  return v === null || v === undefined || v === '' || !Number.isFinite(n) || n <= 0 ? null : n;
}

function toGroup(r: Obj): MyGroup {
  const type = Number(r.type);
  return {
    id: Number(r.id),
    name: String(r.name ?? ''),
    remark: (r.remark as string | null) ?? null,
    avatar: (r.avatar as string | null) ?? null,
    type: (type === 1 || type === 2 ? type : 0) as GroupType,
    rows: Number(r.rows ?? 2),
    cols: Number(r.cols ?? 2),
    onBoard: Number(r.onBoard ?? 1),
    aiReplyCap: r.aiReplyCap === undefined || r.aiReplyCap === null ? undefined : Number(r.aiReplyCap),
    aiBudgetDay: budgetOf(r.aiBudgetDay),
    aiBudgetMonth: budgetOf(r.aiBudgetMonth),
    key: (r.key as string | null) ?? null,
    role: roleOf(r.role),
    memberId: Number(r.memberId),
    memberCount: Number(r.memberCount ?? 0),
    updateTime: r.updateTime as string | undefined,
  };
}

function toMember(r: Obj): GroupMember {
  return {
    id: Number(r.id),
    groupId: Number(r.groupId),
    userId: Number(r.userId),
    name: (r.name as string | null) ?? null,
    avatar: (r.avatar as string | null) ?? null,
    nickName: (r.nickName as string | null) ?? null,
    headImg: (r.headImg as string | null) ?? null,
    userType: Number(r.userType ?? 0),
    online: r.online === true || r.online === 1,
    role: roleOf(r.role),
    ...(r.price === undefined ? {} : { price: r.price === null ? null : Number(r.price) }),
    ...(r.config && typeof r.config === 'object' ? { config: r.config as AiConfig, public: r.public === true } : {}),
    ...(r.authType === undefined ? {} : { authType: Number(r.authType), authId: r.authId === null || r.authId === undefined ? null : Number(r.authId) }),
  };
}

export const boardApi = {
  async desktops(): Promise<DesktopItem[]> {
    return toDesktops((await calls.base.desktop.list()) as Obj[]);
  },
  addDesktop: (name: string, sort: number) => calls.base.desktop.add({ name, sort }) as Promise<{ id: number }>,
  renameDesktop: (id: number, name: string) => data('base/desktop').update({ id, name }),
  deleteDesktop: (id: number) => data('base/desktop').delete([id]),
  sortDesktops: (ids: number[]) => calls.base.desktop.updateSortByIds({ ids }),
  groupToDesktop: (groupId: number, desktopId: number) => calls.base.groupMember.groupToDesktop({ groupId, desktopId }),

  async groups(): Promise<MyGroup[]> {
    return ((await calls.base.group.list2()) as Obj[]).map(toGroup);
  },
  addGroup: (g: NewGroup) => calls.base.group.add(g) as Promise<{ id: number; key?: string }>,
  updateGroup: (id: number, card: GroupCard) => calls.base.group.updateGroupInfo({ id, ...card }) as Promise<Obj>,
  deleteGroup: (id: number) => calls.base.group.delete({ ids: [id] }),

  async members(groupId: number): Promise<GroupMember[]> {
    const r = (await calls.base.groupMember.memberList({ groupId, page: 1, size: 1000 }, { silent: true })) as { list: Obj[] };
    return (r.list ?? []).map(toMember);
  },
  addPerson: (groupId: number, userId: number) => calls.base.groupMember.add({ groupId, userId }) as Promise<{ id: number; userId: number }>,
  addAi: (groupId: number, ai: NewAi) => calls.base.groupMember.add({ groupId, ai }) as Promise<{ id: number; userId: number }>,
  updateAi: (memberId: number, change: AiChange) => calls.base.groupMember.updateMemberInfo({ memberId, ...change }) as Promise<Obj>,
  removeMembers: (ids: number[]) => calls.base.groupMember.delete({ ids }),
  setRole: (groupId: number, userId: number, role: GroupRole) => calls.base.groupMember.setTeamMemberRole({ groupId, userId, role }),

  async friends(me: number): Promise<Friend[]> {
    const rows = await data('base/friend').list({ status: 1, userId: me });
    return (rows as unknown as Obj[]).map((r) => ({
      id: Number(r.id),
      friendId: Number(r.friendId),
      nickName: (r.nickName as string | null) ?? null,
      avatar: (r.avatar as string | null) ?? null,
      remark: (r.remark as string | null) ?? null,
    }));
  },
  async catalogue(keyWord: string): Promise<CatalogueAi[]> {
    const r = (await calls.base.groupMember.allMemberList({ keyWord: keyWord.trim() || undefined, page: 1, size: 50 })) as { list: Obj[] };
    return (r.list ?? []).map((a) => ({
      id: Number(a.id),
      nickName: (a.nickName as string | null) ?? null,
      headImg: (a.headImg as string | null) ?? null,
      avatar: (a.avatar as string | null) ?? null,
      model: (a.model as string | null) ?? null,
      description: (a.description as string | null) ?? null,
      price: a.price === null || a.price === undefined ? null : Number(a.price),
    }));
  },
};
