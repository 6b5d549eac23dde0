/** The access rules of the group calls, each said once. */
import { l, check, and, eq } from '../../../core/api';

/** A member of the group `groupId` of the input (an administrator passes every rule). */
export const memberOfGroup = check<{ groupId: number }>(l('a member of the group', '该群组的成员', '該群組的成員'), ({ user, input, exists }) =>
  exists('base/groupMember', and(eq('groupId', input.groupId), eq('userId', user.id))),
);
