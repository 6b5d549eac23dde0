/**
 * Who is online, as the board knows it: the `online` flag of each member list, overridden by the
 * `presence` notices that arrived since (a notice is always newer than the list it corrects).
 */

export type PresenceMap = ReadonlyMap<number, boolean>;

/** The map after one `presence {userId, online}` notice; the same map when nothing changes. */
export function applyPresence(map: PresenceMap, notice: { userId: unknown; online: unknown }): PresenceMap {
  const id = Number(notice.userId);
  if (!Number.isSafeInteger(id)) return map;
  const online = notice.online === true;
  if (map.get(id) === online) return map;
  const next = new Map(map);
  next.set(id, online);
  return next;
}

/** Whether a member shows as online: the last notice about them, else their list's flag. AI members never do. */
export function isOnline(map: PresenceMap, m: { userId: number; online: boolean; userType: number }): boolean {
  if (m.userType === 1) return false;
  return map.get(m.userId) ?? m.online;
}
