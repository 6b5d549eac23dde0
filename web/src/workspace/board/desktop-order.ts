/**
 * The desktop bar's order and contents, as pure functions over `desktop/list` rows.
 *
 * The virtual default desktop (id 999) always stays first and is never moved, renamed or deleted;
 * only the member's own desktops are reordered. Every function returns a new list (the caller keeps
 * the old one to restore it when the server refuses), or the same list when nothing changes.
 *
 *   const next = moveBy(desktops, 7, -1);      // desktop 7 one place to the left
 *   await sortDesktops(ownIds(next));
 */

/** The id of the virtual default desktop (desktop/list puts it first). */
export const DEFAULT_DESKTOP_ID = 999;

export interface DesktopItem {
  id: number;
  name: string;
  /** Group ids, in the order they show on the desktop. */
  member: number[];
  sort: number;
}

export function isDefaultDesktop(id: number): boolean {
  return id === DEFAULT_DESKTOP_ID;
}

/** Rows of `desktop/list` as desktop items (a missing or odd `member` becomes []). */
export function toDesktops(rows: ReadonlyArray<Record<string, unknown>>): DesktopItem[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name ?? ''),
    member: Array.isArray(r.member) ? r.member.map(Number).filter((n) => Number.isSafeInteger(n)) : [],
    sort: Number(r.sort ?? 0),
  }));
}

/** The ids of the member's own desktops, in order (what `updateSortByIds` takes). */
export function ownIds(list: readonly DesktopItem[]): number[] {
  return list.filter((d) => !isDefaultDesktop(d.id)).map((d) => d.id);
}

/** The list with the default desktop first and the own desktops in `ids` order, each sort set to its place. */
function inOrder(list: readonly DesktopItem[], ids: number[]): DesktopItem[] {
  const byId = new Map(list.map((d) => [d.id, d]));
  const head = list.filter((d) => isDefaultDesktop(d.id));
  return [...head, ...ids.map((id, sort) => ({ ...byId.get(id)!, sort }))];
}

/** Moves own desktop `id` by `delta` places among the own desktops (clamped); same list when it cannot move. */
export function moveBy(list: readonly DesktopItem[], id: number, delta: number): readonly DesktopItem[] {
  const ids = ownIds(list);
  const from = ids.indexOf(id);
  if (from < 0 || delta === 0) return list;
  const to = Math.max(0, Math.min(ids.length - 1, from + delta));
  if (to === from) return list;
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  return inOrder(list, ids);
}

/**
 * Drops own desktop `dragId` onto own desktop `overId`: it takes `overId`'s place (dragging to the
 * right lands after it, to the left before it), as a drag-sorted list does. Dropping onto the
 * default desktop puts it first among the own ones.
 */
export function dropOn(list: readonly DesktopItem[], dragId: number, overId: number): readonly DesktopItem[] {
  const ids = ownIds(list);
  const from = ids.indexOf(dragId);
  if (from < 0 || dragId === overId) return list;
  const to = isDefaultDesktop(overId) ? 0 : ids.indexOf(overId);
  if (to < 0) return list;
  return moveBy(list, dragId, to - from);
}

/** Whether own desktop `id` can move one place left (-1) or right (1). */
export function canMove(list: readonly DesktopItem[], id: number, delta: -1 | 1): boolean {
  return moveBy(list, id, delta) !== list;
}

/** A sort value that puts a new desktop after every existing one. */
export function nextSort(list: readonly DesktopItem[]): number {
  return list.reduce((max, d) => (isDefaultDesktop(d.id) ? max : Math.max(max, d.sort + 1)), 0);
}

/** The desktop to show: the wanted one when it exists, else the default desktop. */
export function pickDesktop(list: readonly DesktopItem[], wanted: number | null): number {
  return wanted !== null && list.some((d) => d.id === wanted) ? wanted : DEFAULT_DESKTOP_ID;
}

/** The desktop a group shows on (the default one when no own desktop holds it). */
export function desktopOf(list: readonly DesktopItem[], groupId: number): number {
  return list.find((d) => !isDefaultDesktop(d.id) && d.member.includes(groupId))?.id ?? DEFAULT_DESKTOP_ID;
}

/**
 * The list after `groupToDesktop {groupId, desktopId}`: the group leaves every desktop and goes to
 * the end of the target (of the default desktop when that is the target), as the server does.
 */
export function moveGroup(list: readonly DesktopItem[], groupId: number, desktopId: number): DesktopItem[] {
  return list.map((d) => {
    const member = d.member.filter((g) => g !== groupId);
    if (d.id === desktopId) member.push(groupId);
    return { ...d, member };
  });
}

/** The items of `groups` that desktop `desktopId` holds, in the desktop's order. */
export function groupsOn<G extends { id: number }>(list: readonly DesktopItem[], desktopId: number, groups: readonly G[]): G[] {
  const desk = list.find((d) => d.id === desktopId);
  if (!desk) return [];
  const byId = new Map(groups.map((g) => [g.id, g]));
  return desk.member.map((id) => byId.get(id)).filter((g): g is G => g !== undefined);
}
