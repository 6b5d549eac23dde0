/** What the friend and notification tests share: members made by the administrator, calls, and stored rows. */
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app';
import { memberRoleId } from '../../server/modules/system/member.service';

export interface Person {
  id: number;
  token: string;
  nickName: string;
}

export type Res = { status: number; text: string; body: { code: number; message: string; data: any } };

let seq = 0;

/** A member (the member role), signed in; `extra` goes to sys/user/add (status, ownerId, language...). */
export async function member(t: TestApp, extra: Record<string, unknown> = {}): Promise<Person> {
  const n = ++seq;
  const username = `soc_${n}_${Date.now().toString(36)}`;
  const nickName = `Nick ${n}`;
  const res = await t
    .http()
    .post('/admin/base/sys/user/add')
    .set('Authorization', t.adminToken)
    .send({ username, password: 'Member-Pass-1', nickName, roleIdList: [await memberRoleId(t.core)], ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  const id = Number(res.body.data.id);
  const token = extra.status === 0 ? '' : await t.login(username, 'Member-Pass-1');
  return { id, token, nickName };
}

export function caller(t: TestApp) {
  return {
    post: (path: string, body: unknown, token?: string): Promise<Res> => {
      const r = t.http().post(path);
      if (token) r.set('Authorization', token);
      return r.send(body as object) as unknown as Promise<Res>;
    },
    get: (path: string, query: Record<string, string | number>, token?: string): Promise<Res> => {
      const r = t.http().get(path).query(query);
      if (token) r.set('Authorization', token);
      return r as unknown as Promise<Res>;
    },
  };
}

export interface FriendRow {
  id: number;
  userId: number;
  friendId: number;
  status: number;
  remark: string | null;
  delete: number;
}

/** Every stored row (deleted ones too) between two users, both directions, by owner. */
export async function stored(t: TestApp, a: Person, b: Person): Promise<{ ab: FriendRow[]; ba: FriendRow[] }> {
  const db = t.core.db;
  const rows = await db.query<FriendRow>(
    `SELECT ${['id', 'userId', 'friendId', 'status', 'remark', 'delete'].map((c) => db.q(c)).join(', ')} FROM ${db.q('base_friend')} ` +
      `WHERE (${db.q('userId')} = ? AND ${db.q('friendId')} = ?) OR (${db.q('userId')} = ? AND ${db.q('friendId')} = ?) ORDER BY ${db.q('id')}`,
    [a.id, b.id, b.id, a.id],
  );
  const norm = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    userId: Number(r.userId),
    friendId: Number(r.friendId),
    status: Number(r.status),
    delete: Number(r.delete),
  }));
  return { ab: norm.filter((r) => r.userId === a.id), ba: norm.filter((r) => r.userId === b.id) };
}

/** The live row a -> b, or undefined. */
export async function live(t: TestApp, a: Person, b: Person): Promise<FriendRow | undefined> {
  return (await stored(t, a, b)).ab.find((r) => r.delete === 0);
}

export interface NotifyRow {
  id: number;
  toId: number;
  fromId: number | null;
  type: number;
  title: string;
  content: string | null;
  status: number;
}

/** The notifications stored for a receiver, oldest first. */
export async function notificationsOf(t: TestApp, who: Person | number): Promise<NotifyRow[]> {
  const db = t.core.db;
  const id = typeof who === 'number' ? who : who.id;
  const rows = await db.query<NotifyRow>(
    `SELECT ${['id', 'toId', 'fromId', 'type', 'title', 'content', 'status'].map((c) => db.q(c)).join(', ')} FROM ${db.q('base_notify')} WHERE ${db.q('toId')} = ? ORDER BY ${db.q('id')}`,
    [id],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    toId: Number(r.toId),
    fromId: r.fromId === null ? null : Number(r.fromId),
    type: Number(r.type),
    status: Number(r.status),
  }));
}
