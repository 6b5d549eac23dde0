/**
 * Notification `type` values (base/notify), as the server writes them (NOTIFY_TYPE in
 * server/modules/base/notify/notify.service.ts; the README's "Workspace calls" lists them). The
 * web's one copy: the bell, the friends, teams and board screens read them from here.
 */
export const NOTIFY_TYPE = {
  system: 0,
  mention: 1,
  friendRequest: 2,
  friendAccepted: 3,
  teamNotice: 4,
  groupJoin: 5,
  groupLeave: 6,
  teamRole: 7,
  orderPaid: 8,
  goodsSold: 9,
} as const;

/** Notices that change which groups the member is in, or their role in one. */
export const MEMBERSHIP_NOTIFY_TYPES: readonly number[] = [NOTIFY_TYPE.groupJoin, NOTIFY_TYPE.groupLeave, NOTIFY_TYPE.teamRole];
