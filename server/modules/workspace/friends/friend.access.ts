/** The access rules of the friend calls (friend.routes.ts). */
import { l, check, and, eq, or } from '../../../core/api';

/**
 * One of the two people of the friend row `id` (its owner, or the person it asks): who may update it.
 * A missing or removed row passes here, so that the call answers 404 for it as before. What each side
 * may change depends on the row's status, read and locked in the operation (friend.service.ts).
 */
export const sideOfFriendRow = check<{ id: number }>(
  l('one of the two people of the friend row', '该好友记录的双方之一', '該好友紀錄的雙方之一'),
  async ({ user, input, exists }) =>
    !(await exists('base/friend', eq('id', input.id))) || exists('base/friend', and(eq('id', input.id), or(eq('userId', user.id), eq('friendId', user.id)))),
);
