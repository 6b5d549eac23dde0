/**
 * Reads of bought AI members' copies in groups (issue 37): a group member row with a purchaseId, its
 * goods/purchase and the listing's runPrice, which the generic list cannot join. Every value is a
 * bound parameter; booleans come back as 0/1.
 */
import { entity } from '../../core/api';
import { SELLS } from '../../../entities/goods/purchase.entity';
import { objectOf } from './ai-reply.queries';
import type { Core } from '../../core/api';

/** A bought AI member's copy in one group, as a reply needs it. */
export interface StoreCopy {
  /** The AI member (the group member's userId). */
  aiUserId: number;
  purchaseId: number;
  /** The buyer (purchase.userId). */
  buyerId: number | null;
  /** purchase.status: 1 active, 0 revoked by a refund. */
  status: number;
  /** The buyer lets others in their groups ask it. */
  shared: boolean;
  /** The listing's price per run, in tokens (null: none). */
  runPrice: number | null;
  /** The AI member's settings when it was bought, for a listing without updates (null: follow the seller's). */
  snapshot: Record<string, unknown> | null;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** A copy's row as read: its purchase `p` and the listing's run price; `extra` the columns one read adds. */
type CopyRow<Extra> = Extra & { purchaseId: number; buyerId: number | null; status: number; runPrice: number | null; snapshot: unknown };

/**
 * The one select of copies: `extra` columns, then the purchase `p` and its listing's runPrice, from
 * `from` (which names the purchase `p`), the listing joined, then `where` (and any order and limit).
 */
function copiesSql(core: Core, extra: string, from: string, where: string): string {
  const q = core.db.q.bind(core.db);
  const goods = entity(core.model, 'goods/info').table;
  return (
    `SELECT ${extra}p.${q('id')} AS ${q('purchaseId')}, p.${q('userId')} AS ${q('buyerId')}, p.${q('status')}, p.${q('snapshot')}, g.${q('runPrice')} ` +
    `FROM ${from} ` +
    // A listing removed since still names the price its buyers bought at.
    `LEFT JOIN ${q(goods)} g ON g.${q('id')} = p.${q('goodsId')} ` +
    where
  );
}

const snapshotOf = (snapshot: unknown): StoreCopy['snapshot'] => (snapshot ? objectOf(snapshot) : null);

/** The copies among the live member rows of `groupId` whose users are `aiUserIds`. */
export async function storeCopies(core: Core, groupId: number, aiUserIds: number[]): Promise<StoreCopy[]> {
  if (!aiUserIds.length) return [];
  const q = core.db.q.bind(core.db);
  const members = entity(core.model, 'base/groupMember');
  const purchases = entity(core.model, 'goods/purchase').table;
  const live = members.softDelete ? ` AND m.${q(members.softDelete)} = 0` : '';
  const rows = await core.db.query<CopyRow<{ aiUserId: number; shared: number | boolean | null }>>(
    copiesSql(
      core,
      `m.${q('userId')} AS ${q('aiUserId')}, p.${q('shareInGroups')} AS ${q('shared')}, `,
      `${q(members.table)} m JOIN ${q(purchases)} p ON p.${q('id')} = m.${q('purchaseId')}`,
      `WHERE m.${q('groupId')} = ? AND m.${q('userId')} IN (${marks(aiUserIds.length)})${live}`,
    ),
    [groupId, ...aiUserIds],
  );
  return rows.map(({ shared, snapshot, ...r }) => ({ ...r, shared: shared === true || shared === 1, snapshot: snapshotOf(snapshot) }));
}

/**
 * The buyer's copy of AI member `aiUserId` in a private chat: their purchase of it (kind AI member),
 * the active one when there is one, else the latest; null when they never bought it.
 */
export async function privateCopy(core: Core, buyerId: number, aiUserId: number): Promise<StoreCopy | null> {
  const q = core.db.q.bind(core.db);
  const purchases = entity(core.model, 'goods/purchase').table;
  const [r] = await core.db.query<CopyRow<object>>(
    copiesSql(
      core,
      '',
      `${q(purchases)} p`,
      `WHERE p.${q('userId')} = ? AND p.${q('aiUserId')} = ? AND p.${q('kind')} = ? ORDER BY p.${q('status')} DESC, p.${q('id')} DESC LIMIT 1`,
    ),
    [buyerId, aiUserId, SELLS.ai],
  );
  // In their own chat the buyer is the only one who asks: shared says nothing there.
  return r ? { ...r, aiUserId, shared: false, snapshot: snapshotOf(r.snapshot) } : null;
}
