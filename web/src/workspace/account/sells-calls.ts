/**
 * The calls behind what a listing sells and "My purchases", typed, over the data layer: the
 * member's own AI members, their
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

/** The AI members the member owns, in a group or not. */
async function myAiMembers(): Promise<Choice[]> {
  const mine = await calls.base.groupMember.myAiMembers({}, quiet);
  return mine.map((a) => ({ id: a.id, name: a.nickName || `#${a.id}` }));
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
