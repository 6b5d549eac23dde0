/**
 * What a listing delivers, named for its goods page (issue 37: "the goods page says it plainly"):
 * the AI member's name, the group's name and how many are in it, or each file's name and size. Only
 * names and sizes: the files themselves stay private to buyers, the group's chat to its members.
 * A thing gone since the listing was published is left out (the publish rules keep them in step).
 */
import { SYSTEM, eq, isIn } from '../../../../core/api';
import type { Core } from '../../../../core/api';
import { SELLS } from '../../../../../entities/goods/purchase.entity';
import { soldFileIds } from '../../../../../entities/goods/listing-relation';
import type { GoodsInfo } from './goods.queries';

export interface ListingIncludes {
  ai: { name: string } | null;
  group: { name: string; members: number } | null;
  files: Array<{ name: string; size: number | null }>;
}

const NONE: ListingIncludes = { ai: null, group: null, files: [] };

/**
 * What `goods` delivers (nothing named for a listing that sells nothing to deliver): the row as the
 * goods page has just read it (visibleGoods), so it is not read again.
 */
export async function listingIncludes(core: Core, goods: Pick<GoodsInfo, 'relateType' | 'workflowId' | 'groupId' | 'attachments'>): Promise<ListingIncludes> {
  const reads = core.ops.reads(SYSTEM);
  if (goods.relateType === SELLS.ai && goods.workflowId) {
    const [ai] = await reads.find('base/sys/user', eq('id', goods.workflowId), { fields: ['nickName', 'username'] });
    const name = ai?.nickName || ai?.username;
    return { ...NONE, ai: name ? { name } : null };
  }
  if (goods.relateType === SELLS.group && goods.groupId) {
    const [[group], members] = await Promise.all([
      reads.find('base/group', eq('id', goods.groupId), { fields: ['name'] }),
      reads.count('base/groupMember', eq('groupId', goods.groupId)),
    ]);
    return { ...NONE, group: group ? { name: group.name ?? '', members } : null };
  }
  const ids = goods.relateType === SELLS.files ? (soldFileIds(goods.attachments) ?? []) : [];
  if (!ids.length) return NONE;
  const rows = await reads.find('space/info', isIn('id', ids), { fields: ['name', 'size'] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const files = ids.flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ name: f.name ?? `#${id}`, size: f.size ?? null }] : [];
  });
  return { ...NONE, files };
}
