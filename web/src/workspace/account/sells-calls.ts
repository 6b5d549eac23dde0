/**
 * The calls behind what a listing sells and "My purchases", typed, over the data layer: the
 * member's own AI members (those of their groups' members that are AI members they own), their
 * groups by role, their private files, their purchases and what each opens.
 */
import { calls, data } from '../../app/data';
import type { SoldFile } from './sells';

export type GroupRole = 'owner' | 'deputy' | 'member';

/** A group or an AI member to choose. */
export interface Choice {
  id: number;
  name: string;
}

/** One purchase of "My purchases", as goods/purchase/mine answers it. */
export type Purchase = Awaited<ReturnType<typeof calls.goods.purchase.mine>>[number];

const quiet = { silent: true } as const;

/** The groups where the member holds one of `roles`. */
async function groupsWhere(roles: readonly GroupRole[]): Promise<Choice[]> {
  const rows = await calls.base.group.list2({}, quiet);
  return rows.filter((g) => roles.includes(g.role)).map((g) => ({ id: g.id, name: g.name }));
}

/** The AI members owned by `me` in the groups of `me` (each once). */
async function myAiMembers(me: number): Promise<Choice[]> {
  const groups = await calls.base.group.list2({}, quiet);
  const pages = await Promise.all(groups.map((g) => calls.base.groupMember.memberList({ groupId: g.id, page: 1, size: 1000 }, quiet)));
  const out = new Map<number, Choice>();
  for (const m of pages.flatMap((p) => p.list)) {
    if (m.userType === 1 && m.ownerId === me && !out.has(m.userId)) out.set(m.userId, { id: m.userId, name: m.nickName || m.name || `#${m.userId}` });
  }
  return [...out.values()];
}

/** The files of `ids` with their names and sizes (a file that cannot be read keeps its id only). */
async function soldFiles(ids: number[]): Promise<SoldFile[]> {
  return Promise.all(
    ids.map((id) =>
      data('space/info')
        .info(id, quiet)
        .then(
          (f) => ({ id, name: f.name ?? null, size: f.size ?? null }),
          () => ({ id, name: null, size: null }),
        ),
    ),
  );
}

export const sellsCalls = {
  ownedGroups: () => groupsWhere(['owner']),
  managedGroups: () => groupsWhere(['owner', 'deputy']),
  myAiMembers,
  soldFiles,
  purchases: () => calls.goods.purchase.mine({}, quiet),
  addToGroup: (purchaseId: number, groupId: number) => calls.goods.purchase.addToGroup({ purchaseId, groupId }),
  fileUrl: (id: number) => calls.space.info.fileUrl({ id }),
};
