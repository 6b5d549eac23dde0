/**
 * base/sys/user: move (department transfer), invitedList (the caller's invitees) and openDetail
 * (a public profile). Enabling, disabling and deleting accounts are the generic update (status) and
 * delete, whose hooks in user.entity.ts keep the last enabled administrator (409).
 */
import type { Core } from '../../../core/core';
import type { Row } from '../../../core/entity/define';
import { l } from '../../../core/entity/define';
import { parseIds } from '../../../core/crud/operations';
import { assertDepartmentInScope, scopeClause } from '../../../core/crud/scope';
import { likePattern, MAX_SIZE } from '../../../core/crud/query';
import { fail } from '../../../core/http/errors';
import { call, defineRoutes } from '../../../core/modules';
import { SYSADMIN } from './sysadmin.messages';
import { openDetail, publicColumns } from './public-profile.service';
import { objectBody } from '../../../core/http/body';

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
  const q = core.db.q.bind(core.db);
  const [dep] = await core.db.query(`SELECT ${q('id')} FROM ${q('base_sys_department')} WHERE ${q('id')} = ?`, [departmentId]);
  if (!dep) throw fail.bad(SYSADMIN.department_missing);
  const users = core.model.byKey.get('base/sys/user')!;
  assertDepartmentInScope(users, user, { departmentId });
  const scope = scopeClause(users, user);
  const found = await core.db.query(
    `SELECT ${q('id')} FROM ${q(users.table)} WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')}) AND ${q('delete')} = 0` +
      (scope ? ` AND ${scope.sql}` : ''),
    [...ids, ...(scope?.params ?? [])],
  );
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
  const q = core.db.q.bind(core.db);
  let where = `WHERE ${q('inviteId')} = ? AND ${q('delete')} = 0`;
  const params: unknown[] = [callerId];
  if (b.keyWord !== undefined && b.keyWord !== null && b.keyWord !== '') {
    if (typeof b.keyWord !== 'string' && typeof b.keyWord !== 'number') throw fail.bad('bad_keyword');
    where += ` AND ${q('nickName')} LIKE ? ESCAPE '!'`;
    params.push(likePattern(String(b.keyWord).slice(0, 200)));
  }
  const cols = publicColumns(core);
  const [list, [{ total }]] = await Promise.all([
    core.db.query(`SELECT ${cols.select} FROM ${q('base_sys_user')} ${where} ORDER BY ${q('id')} DESC LIMIT ? OFFSET ?`, [...params, size, (page - 1) * size]),
    core.db.query<{ total: number }>(`SELECT COUNT(*) AS ${q('total')} FROM ${q('base_sys_user')} ${where}`, params),
  ]);
  return { list: list.map(cols.decode), pagination: { page, size, total: Number(total) } };
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
    handler: (req) => openDetail(core, (req.body as Row | undefined)?.id ?? req.query.id),
  }),
]);
