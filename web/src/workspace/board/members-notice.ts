/** Whether a `members {groupId}` notice is about this group (its id may come as a number or a string). */
export function isNoticeFor(data: { groupId?: unknown } | null | undefined, groupId: number | null): boolean {
  if (groupId === null || !data) return false;
  const id = Number(data.groupId);
  return Number.isFinite(id) && id === groupId;
}
