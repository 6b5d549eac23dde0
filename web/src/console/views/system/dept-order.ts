/**
 * A department dropped on the tree -> the `order` call's list: every department of the new sibling
 * list with its parentId and its place (orderNum) there.
 */
import type { Row } from '../../../app/data';

type Department = Row<'base/sys/department'>;

/** inside: last child of the target; first: its first child (the gap under an open parent). */
export type DropPlace = 'inside' | 'first' | 'before' | 'after';

export interface OrderMove {
  id: number;
  parentId: number | null;
  orderNum: number;
}

const byOrder = (a: Department, b: Department) => (a.orderNum ?? 0) - (b.orderNum ?? 0) || a.id - b.id;

export function dropMoves(rows: readonly Department[], dragId: number, targetId: number, place: DropPlace): OrderMove[] {
  const target = rows.find((r) => r.id === targetId);
  if (!target || dragId === targetId) return [];
  const under = place === 'inside' || place === 'first';
  const parentId = under ? target.id : (target.parentId ?? null);
  const siblings = rows.filter((r) => r.parentId === parentId && r.id !== dragId).sort(byOrder);
  const ids = siblings.map((r) => r.id);
  const at = place === 'inside' ? ids.length : place === 'first' ? 0 : ids.indexOf(targetId) + (place === 'after' ? 1 : 0);
  ids.splice(at, 0, dragId);
  return ids.map((id, i) => ({ id, parentId, orderNum: i + 1 }));
}
