/**
 * Notification `type` values (base/notify), as the server writes them (NOTIFY_TYPE in
 * server/modules/workspace/notify/notify.service.ts, generated into web/src/generated/shared.ts; the
 * docs/reference/calls/workspace.md lists them). The bell, the friends, teams and board screens read them
 * from here.
 */
import { NOTIFY_TYPE } from '../generated/shared';

export { NOTIFY_TYPE };

/** Notices that change which groups the member is in, or their role in one. */
export const MEMBERSHIP_NOTIFY_TYPES: readonly number[] = [NOTIFY_TYPE.groupJoin, NOTIFY_TYPE.groupLeave, NOTIFY_TYPE.teamRole];

/** Whether a `notify` notice changes the receiver's groups (their Chats list, teams and board). */
export function isMembershipNotice(n: { type?: unknown } | null | undefined): boolean {
  return !!n && MEMBERSHIP_NOTIFY_TYPES.includes(Number(n.type));
}
