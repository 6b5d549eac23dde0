/**
 * base/sys/user: move (department transfer), invitedList (the caller's invitees), openDetail
 * (a public profile, by id or username) and search (people a member may add as friends: 60 a
 * minute per member). Enabling, disabling and deleting accounts are the generic update (status) and
 * delete, whose hooks in user.entity.ts keep the last enabled administrator (409).
 */
import type { Core } from '../../../core/core';
import type { Row } from '../../../core/entity/define';
import { l } from '../../../core/entity/define';
import { parseIds } from '../../../core/crud/operations';
import { assertDepartmentInScope } from '../../../core/crud/scope';
import { MAX_SIZE } from '../../../core/crud/query';
import { fail } from '../../../core/http/errors';
import { call, defineRoutes } from '../../../core/modules';
import { SYSADMIN } from './sysadmin.messages';
import { hit } from '../../../core/http/rate-limit';
import { openDetail, publicColumns, searchPublicPeople } from './public-profile.service';
import { objectBody } from '../../../core/http/body';
import { departmentExists } from './department.queries';
import { invitedPage, liveUserIdsInScope } from './user.queries';

function wholeNumber(v: unknown, fallback: number): number | null {
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

/**
 * Moves users to a department through the update operation (hooks, caches, data scope), all in one
 * transaction. The target and every user are checked against the caller's data scope first, and a
 * refusal on the way rolls the whole move back, so a refused move changes nobody.
 */
async function move(core: Core, body: unknown, user: Parameters<Core['ops']['update']>[2]): Promise<null> {
  const b = objectBody(body);
  const ids = parseIds(b.userIds);
  const departmentId = b.departmentId;
  if (typeof departmentId !== 'number' || !Number.isSafeInteger(departmentId) || departmentId < 1) {
    throw fail.invalid([{ field: 'departmentId', rule: departmentId === undefined ? 'required' : 'type', params: { type: 'integer' } }] as never);
  }
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
async function invitedList(core: Core, body: unknown, callerId: number) {
  const b = body === undefined || body === null ? {} : objectBody(body);
  const page = wholeNumber(b.page, 1);
  const size = wholeNumber(b.size, 20);
  if (page === null || page < 1) throw fail.bad('bad_page');
  if (size === null || size < 1 || size > MAX_SIZE) throw fail.bad('bad_size', { max: MAX_SIZE });
  let keyWord: string | null = null;
  if (b.keyWord !== undefined && b.keyWord !== null && b.keyWord !== '') {
    if (typeof b.keyWord !== 'string' && typeof b.keyWord !== 'number') throw fail.bad('bad_keyword');
    keyWord = String(b.keyWord).slice(0, 200);
  }
  const cols = publicColumns(core);
  const { rows, total } = await invitedPage(core, cols.select, { inviterId: callerId, keyWord, page, size });
  return { list: rows.map(cols.decode), pagination: { page, size, total } };
}

export default defineRoutes((core) => [
  call(core, 'base', 'sys/user', 'move', {
    method: 'POST',
    summary: l('Move users to a department', '转移用户部门', '轉移使用者部門'),
    handler: (req) => move(core, req.body, req.user),
  }),
  call(core, 'base', 'sys/user', 'invitedList', {
    member: true,
    method: 'POST',
    summary: l('Users I invited', '我邀请的用户', '我邀請的使用者'),
    handler: (req) => invitedList(core, req.body, req.user!.id),
  }),
  call(core, 'base', 'sys/user', 'openDetail', {
    method: 'POST',
    guard: 'public',
    summary: l('Public profile of a user', '用户公开资料', '使用者公開資料'),
    handler: (req) => {
      const body = (req.body ?? {}) as Row;
      return openDetail(core, body.id ?? req.query.id, body.name ?? req.query.name);
    },
  }),
  call(core, 'base', 'sys/user', 'search', {
    member: true,
    method: 'POST',
    summary: l('Find people to add as friends', '查找用户', '尋找使用者'),
    async handler(req) {
      await hit(core.cache, [{ key: `user:search:${req.user!.id}`, max: 60, windowSeconds: 60 }]);
      return searchPublicPeople(core, (req.body as Row | undefined)?.keyWord, req.user!.id);
    },
  }),
]);
