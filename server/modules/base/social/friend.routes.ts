/**
 * base/friend: add (a request), update (an answer, a block, the owner's remark) and delete (both
 * sides) replace the generic actions at the same paths; info, list and page stay generic (list and
 * page public, see entities/base/friend.entity.ts). The rules are in friend.service.ts.
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { call, defineRoutes } from '../../../core/modules';
import { addBody, updateBody } from './friend-body';
import { removeFriends, requestFriend, updateFriend } from './friend.service';

export default defineRoutes((core: Core) => [
  call(core, 'base', 'friend', 'add', {
    method: 'POST',
    member: true,
    summary: l('Send a friend request', '发送好友申请', '送出好友申請'),
    handler: (req) => requestFriend(core, req.user!, addBody(req.body)),
  }),
  call(core, 'base', 'friend', 'update', {
    method: 'POST',
    member: true,
    summary: l('Answer a friend request, block, or change a remark', '处理好友申请、拉黑或修改备注', '處理好友申請、封鎖或修改備註'),
    handler: (req) => updateFriend(core, req.user!, updateBody(req.body)),
  }),
  call(core, 'base', 'friend', 'delete', {
    method: 'POST',
    member: true,
    summary: l('Remove friends (both sides)', '删除好友（双方）', '刪除好友（雙方）'),
    handler: (req) => removeFriends(core, req.user!, req.body, req.path),
  }),
]);
