/** The access rules of the account calls, each said once. */
import { l, check } from '../../core/api';

/**
 * The caller's own account: a call that acts on the caller may be passed their id (the register
 * page does), never another's (403). An administrator passes, and still acts on their own row.
 */
export const ownAccount = check<{ id?: number }>(
  l('the id, when given, is the caller’s own', '若提供 id，须为调用者本人', '若提供 id，須為呼叫者本人'),
  ({ user, input }) => input.id === undefined || input.id === user.id,
);
