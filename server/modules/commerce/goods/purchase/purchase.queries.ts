/**
 * Reads of purchases (goods/purchase) outside a transaction: the buyer's active purchase of a
 * listing, who may fetch a sold file (the file grant of space/info/fileUrl), and "My purchases".
 */
import { SYSTEM, and, eq, isIn } from '../../../../core/api';
import type { AuthUser, Core, Row } from '../../../../core/api';
import { PURCHASE_STATUS, SELLS } from '../../../../../entities/goods/purchase.entity';
import type { FileGrant } from '../../../files/file-access';

const reads = (core: Core) => core.ops.reads(SYSTEM);
const ACTIVE = eq('status', PURCHASE_STATUS.active);

/** The id of `userId`'s active purchase of goods `goodsId`, or null. */
export async function activePurchaseOf(core: Core, userId: number, goodsId: number): Promise<number | null> {
  const [p] = await reads(core).find('goods/purchase', and(eq('userId', userId), eq('goodsId', goodsId), ACTIVE), { fields: ['id'] });
  return p?.id ?? null;
}

/**
 * The file grant of purchases: `user` holds an active purchase of files (kind 3) that bought the file
 * (its fileIds, as the listing named them then), uploaded by that listing's seller.
 */
export async function boughtFile(core: Core, user: AuthUser, file: FileGrant): Promise<boolean> {
  if (file.userId === null) return false;
  const bought = await reads(core).find('goods/purchase', and(eq('userId', user.id), eq('kind', SELLS.files), eq('sellerId', file.userId), ACTIVE), {
    fields: ['fileIds'],
  });
  return bought.some((p) => boughtIds(p.fileIds).includes(file.id));
}

/** The file ids a purchase bought (none for other kinds). */
function boughtIds(v: number[] | null): number[] {
  return v ?? [];
}

/** `rows` by their id. */
function byId<R extends { id: number }>(rows: R[]): Map<number, R> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** The ids of `values` that are numbers. */
function ids(values: Array<number | null>): number[] {
  return [...new Set(values.filter((v): v is number => typeof v === 'number'))];
}

/** The groups each purchase's AI member was added to (live bought copies), by purchase id. */
async function copiesByPurchase(core: Core, purchaseIds: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>();
  if (!purchaseIds.length) return out;
  const copies = await reads(core).find('base/groupMember', isIn('purchaseId', purchaseIds), { fields: ['purchaseId', 'groupId'] });
  const groups = byId(await reads(core).find('base/group', isIn('id', ids(copies.map((c) => c.groupId))), { fields: ['name'] }));
  for (const c of copies) {
    const g = groups.get(c.groupId);
    if (g && c.purchaseId !== null) out.set(c.purchaseId, [...(out.get(c.purchaseId) ?? []), { id: g.id, name: g.name }]);
  }
  return out;
}

/**
 * "My purchases": every purchase of `userId`, newest first, with its goods ({id, title, mainPic}) and
 * what it opens: the AI member ({id, nickName, headImg} and the groups it was added to), the group
 * ({id, name}) or the files ([{id, name, size, type}]).
 */
export async function myPurchases(core: Core, userId: number): Promise<Row[]> {
  const mine = (await reads(core).find('goods/purchase', eq('userId', userId))).sort((a, b) => b.id - a.id);
  const r = reads(core);
  const goods = byId(await r.find('goods/info', isIn('id', ids(mine.map((p) => p.goodsId))), { fields: ['title', 'mainPic'], deleted: true }));
  const ais = byId(await r.find('base/sys/user', isIn('id', ids(mine.map((p) => p.aiUserId))), { fields: ['nickName', 'headImg'], deleted: true }));
  const groups = byId(await r.find('base/group', isIn('id', ids(mine.map((p) => p.groupId))), { fields: ['name'], deleted: true }));
  const fileIds = (p: (typeof mine)[number]) => (p.kind === SELLS.files ? boughtIds(p.fileIds) : []);
  const files = byId(await r.find('space/info', isIn('id', [...new Set(mine.flatMap(fileIds))]), { fields: ['name', 'size', 'type'] }));
  const copies = await copiesByPurchase(
    core,
    mine.filter((p) => p.kind === SELLS.ai).map((p) => p.id),
  );
  return mine.map((p) => {
    const g = goods.get(p.goodsId);
    const ai = p.aiUserId === null ? undefined : ais.get(p.aiUserId);
    const group = p.groupId === null ? undefined : groups.get(p.groupId);
    return {
      id: p.id,
      goods: g ? { id: g.id, title: g.title, mainPic: g.mainPic } : null,
      kind: p.kind,
      status: p.status,
      shareInGroups: p.shareInGroups,
      createTime: p.createTime,
      ai: ai ? { id: ai.id, nickName: ai.nickName, headImg: ai.headImg, groups: copies.get(p.id) ?? [] } : null,
      group: group ? { id: group.id, name: group.name } : null,
      files: fileIds(p).flatMap((id) => {
        const f = files.get(id);
        return f ? [{ id: f.id, name: f.name, size: f.size, type: f.type }] : [];
      }),
    };
  });
}
