/**
 * base/friend: add (a request), update (an answer, a block, the owner's remark) and delete (both
 * sides) replace the generic actions at the same paths; info, list and page stay generic (list and
 * page public, see entities/base/friend.entity.ts). Who may update a row is the call's rule (one of
 * its two people, friend.access.ts); what each side may change depends on the row's status, read
 * and locked in the operation's transaction (friend.service.ts), so those checks stay there.
 */
import { l, call, defineRoutes, COUNT, INT, obj } from '../../../core/api';
import type { Core } from '../../../core/api';
import { ADD_IGNORED, ADD_INPUT, DELETE_INPUT, UPDATE_IGNORED, UPDATE_INPUT } from './friend-body';
import { sideOfFriendRow } from './friend.access';
import { removeFriends, requestFriend, updateFriend } from './friend.service';

export default defineRoutes((core: Core) => [
  call(core, 'base', 'friend', 'add', {
    method: 'POST',
    member: true,
    summary: l('Send a friend request', '发送好友申请', '送出好友申請'),
    input: ADD_INPUT,
    ignored: ADD_IGNORED,
    effect: 'write',
    answer: obj({ id: INT, status: INT }),
    handler: (req, input) => requestFriend(core, req.user!, input),
  }),
  call(core, 'base', 'friend', 'update', {
    method: 'POST',
    member: true,
    summary: l('Answer a friend request, block, or change a remark', '处理好友申请、拉黑或修改备注', '處理好友申請、封鎖或修改備註'),
    input: UPDATE_INPUT,
    ignored: UPDATE_IGNORED,
    access: sideOfFriendRow,
    effect: 'write',
    answer: { type: 'null' },
    handler: (req, input) => updateFriend(core, req.user!, input),
  }),
  call(core, 'base', 'friend', 'delete', {
    method: 'POST',
    member: true,
    summary: l('Remove friends (both sides)', '删除好友（双方）', '刪除好友（雙方）'),
    input: DELETE_INPUT,
    effect: 'write',
    answer: COUNT,
    handler: (req, input) => removeFriends(core, req.user!, input.ids, req.path),
  }),
]);
