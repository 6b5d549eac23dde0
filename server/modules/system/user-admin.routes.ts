/**
 * base/sys/user: move (department transfer), invitedList (the caller's invitees), openDetail
 * (a public profile, by id or username) and search (people a member may add as friends: 60 a
 * minute per member). Enabling, disabling and deleting accounts are the generic update (status) and
 * delete, whose hooks in user.entity.ts keep the last enabled administrator (409).
 */
import { l, assertDepartmentInScope, MAX_SIZE, fail, call, defineRoutes, id, ids, int, ANY_OBJECT, listOf, pageOf, hit } from '../../core/api';
import type { Core } from '../../core/api';
import { keyWord, textChecked } from './account.input';
import { SYSADMIN } from './sysadmin.messages';
import { openDetail, publicColumns, searchPublicPeople } from './public-profile.service';
import { departmentExists } from './department.queries';
import { invitedPage, liveUserIdsInScope } from './user.queries';

/**
 * Moves users to a department through the update operation (hooks, caches, data scope), all in one
 * transaction. The target and every user are checked against the caller's data scope first, and a
 * refusal on the way rolls the whole move back, so a refused move changes nobody.
 */
async function move(core: Core, ids: number[], departmentId: number, user: Parameters<Core['ops']['update']>[2]): Promise<null> {
  if (!(await departmentExists(core, departmentId))) throw fail.bad(SYSADMIN.department_missing);
  const users = core.model.system('users');
  assertDepartmentInScope(users, user, { departmentId });
  const found = await liveUserIdsInScope(core, ids, user);
  if (found.length !== ids.length) throw fail.notFound(SYSADMIN.user_missing);
  await core.ops.transaction(user, async (t) => {
    for (const id of ids) await t.update(users, { id, departmentId });
  });
  return null;
}

/** The users the caller invited (their inviteId is the caller), newest first, public fields only. */
async function invitedList(core: Core, q: { page: number; size: number; keyWord: string | null }, callerId: number) {
  const { page, size, keyWord } = q;
  const cols = publicColumns(core);
  const { rows, total } = await invitedPage(core, cols.select, { inviterId: callerId, keyWord, page, size });
  return { list: rows.map(cols.decode), pagination: { page, size, total } };
}

export default defineRoutes((core) => [
  call(core, 'base', 'sys/user', 'move', {
    method: 'POST',
    summary: l('Move users to a department', '转移用户部门', '轉移使用者部門'),
    input: { userIds: ids(), departmentId: id() },
    effect: 'write',
    answer: { type: 'null' },
    handler: (req, { userIds, departmentId }) => move(core, userIds, departmentId, req.user),
  }),
  call(core, 'base', 'sys/user', 'invitedList', {
    member: true,
    method: 'POST',
    summary: l('Users I invited', '我邀请的用户', '我邀請的使用者'),
    input: { page: int({ min: 1 }).optional(), size: int({ min: 1, max: MAX_SIZE }).optional(), keyWord: keyWord(200) },
    effect: 'read',
    answer: pageOf(ANY_OBJECT),
    handler: (req, { page, size, keyWord: word }) => invitedList(core, { page: page ?? 1, size: size ?? 20, keyWord: word ?? null }, req.user!.id),
  }),
  call(core, 'base', 'sys/user', 'openDetail', {
    method: 'POST',
    access: 'public',
    summary: l('Public profile of a user', '用户公开资料', '使用者公開資料'),
    description: l(
      'By id, or by username (a name of digits that is no username is read as an id); the query string may carry either instead',
      '按 id 或用户名查询（非用户名的纯数字名称按 id 处理）；也可放在查询参数中',
      '依 id 或使用者名稱查詢（非使用者名稱的純數字名稱依 id 處理）；也可放在查詢參數中',
    ),
    input: { id: id().optional(), name: textChecked({ minLength: 1, maxLength: 100 }).optional() },
    effect: 'read',
    answer: ANY_OBJECT,
    // Older clients put id or name in the query string of this POST: read there when the body has neither.
    handler: (req, input) => openDetail(core, input.id ?? req.query.id, input.name ?? req.query.name),
  }),
  call(core, 'base', 'sys/user', 'search', {
    member: true,
    method: 'POST',
    summary: l('Find people to add as friends', '查找用户', '尋找使用者'),
    // Trimmed, 2 to 64 characters (public-profile.service.ts answers `length` otherwise).
    input: { keyWord: textChecked({ minLength: 2, maxLength: 64 }) },
    effect: 'read',
    answer: listOf(ANY_OBJECT),
    async handler(req, input) {
      await hit(core.cache, [{ key: `user:search:${req.user!.id}`, max: 60, windowSeconds: 60 }]);
      return searchPublicPeople(core, input.keyWord, req.user!.id);
    },
  }),
]);
