/** Members, calls and a realtime spy for the tests of groups, teams and desktops. */
import { vi } from 'vitest';
import type { TestApp } from './app';
import { memberRoleId } from '../../server/modules/system/member.service';

export interface Person {
  id: number;
  username: string;
  token: string;
}

export const PASSWORD = 'Member-Pass-1';

let counter = 0;

/** A member (the member role), created by the administrator and signed in. */
export async function person(t: TestApp, name: string, extra: Record<string, unknown> = {}): Promise<Person> {
  const username = `${name}_${process.pid}_${counter++}`;
  const role = await memberRoleId(t.core);
  const r = await t
    .http()
    .post('/admin/base/sys/user/add')
    .set('Authorization', t.adminToken)
    .send({ username, password: PASSWORD, nickName: name, roleIdList: [role], ...extra });
  if (r.body.code !== 1000) throw new Error(`could not create ${name}: ${JSON.stringify(r.body)}`);
  return { id: Number(r.body.data.id), username, token: await t.login(username, PASSWORD) };
}

export type Res = { status: number; body: { code: number; message: string; data: any } };

/** POSTs `body` to `path` as `who` (a person, a token, or null for no token). */
export async function post(t: TestApp, who: Person | string | null, path: string, body: unknown = {}): Promise<Res> {
  const r = t.http().post(path);
  const token = typeof who === 'string' ? who : who?.token;
  if (token) r.set('Authorization', token);
  return (await r.send(body as object)) as unknown as Res;
}

/** The answer's data, failing with the whole answer when it is not a success. */
export function ok(res: Res): any {
  if (res.body.code !== 1000) throw new Error(`expected success, got HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Rows of a table as SQL sees them (committed state), for checks that nothing was written. */
export async function rows(t: TestApp, table: string, where = '1 = 1', params: unknown[] = []): Promise<Array<Record<string, any>>> {
  return t.core.db.query(`SELECT * FROM \`${table}\` WHERE ${where} ORDER BY \`id\``, params);
}

export interface RoomCall {
  kind: 'join' | 'leave';
  userIds: number[];
  groupId: number;
  /** Whether a live member row of each user was committed (join) or gone (leave) when the call came. */
  committed: boolean;
}

/**
 * Spies on the realtime hub's joinGroup and leaveGroup. Each call reads the member rows through a
 * plain database read: inside an open transaction that read would wait for the transaction (SQLite)
 * or not see its rows (MariaDB), so `committed` says the call came after the commit.
 */
export function spyRooms(t: TestApp): { calls: RoomCall[]; restore(): void } {
  const calls: RoomCall[] = [];
  const live = async (userIds: number[], groupId: number) => {
    const marks = userIds.map(() => '?').join(', ');
    const found = await t.core.db.query<{ userId: number }>(
      `SELECT \`userId\` FROM \`base_group_member\` WHERE \`groupId\` = ? AND \`delete\` = 0 AND \`userId\` IN (${marks})`,
      [groupId, ...userIds],
    );
    return found.map((r) => Number(r.userId));
  };
  const join = vi.spyOn(t.core.realtime, 'joinGroup').mockImplementation(async (userIds, groupId) => {
    const found = await live(userIds, groupId);
    calls.push({ kind: 'join', userIds: [...userIds], groupId, committed: userIds.every((id) => found.includes(id)) });
  });
  const leave = vi.spyOn(t.core.realtime, 'leaveGroup').mockImplementation(async (userIds, groupId) => {
    const [g] = await t.core.db.query<{ delete: number }>('SELECT `delete` FROM `base_group` WHERE `id` = ?', [groupId]);
    const found = await live(userIds, groupId);
    calls.push({ kind: 'leave', userIds: [...userIds], groupId, committed: Number(g?.delete) === 1 || found.length === 0 });
  });
  return {
    calls,
    restore() {
      join.mockRestore();
      leave.mockRestore();
    },
  };
}

/** Notifications of a user, newest last. */
export async function notificationsOf(
  t: TestApp,
  userId: number,
): Promise<Array<{ type: number; title: string; fromId: number | null; groupId: number | null; orderNo: string | null }>> {
  const found = await rows(t, 'base_notify', '`toId` = ?', [userId]);
  return found.map((r) => ({
    type: Number(r.type),
    title: String(r.title),
    fromId: r.fromId === null ? null : Number(r.fromId),
    groupId: r.groupId == null ? null : Number(r.groupId),
    orderNo: r.orderNo == null ? null : String(r.orderNo),
  }));
}
