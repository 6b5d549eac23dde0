/**
 * What the chat tests share: members made by the administrator (signed in), groups and member rows
 * written as the system (the group calls are another area's), and HTTP calls.
 */
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app';
import { SYSTEM } from '../../server/core/entity/access';
import { memberRoleId } from '../../server/modules/system/member.service';

export interface Person {
  id: number;
  token: string;
  username: string;
}

export type Res = { status: number; body: { code: number; message: string; data: any } };

let seq = 0;

/** A signed-in member; `extra` goes to sys/user/add (nickName, language...). */
export async function member(t: TestApp, extra: Record<string, unknown> = {}): Promise<Person> {
  const username = `chat_${++seq}_${Date.now().toString(36)}`;
  const res = await t
    .http()
    .post('/admin/base/sys/user/add')
    .set('Authorization', t.adminToken)
    .send({ username, password: 'Member-Pass-1', nickName: `Nick ${seq}`, roleIdList: [await memberRoleId(t.core)], ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  return { id: Number(res.body.data.id), token: await t.login(username, 'Member-Pass-1'), username };
}

export async function members(t: TestApp, n: number): Promise<Person[]> {
  const out: Person[] = [];
  for (let i = 0; i < n; i++) out.push(await member(t));
  return out;
}

export function post(t: TestApp, path: string, body: unknown, token?: string): Promise<Res> {
  const r = t.http().post(path);
  if (token) r.set('Authorization', token);
  return r.send(body as object) as unknown as Promise<Res>;
}

/** A group (type 0 private by default) with `owner` as its owner member and `others` as members. */
export async function group(t: TestApp, owner: Person, others: Person[], extra: { type?: number; onwerIds?: number[]; name?: string } = {}): Promise<number> {
  const groups = t.core.model.byKey.get('base/group')!;
  const { id } = (await t.core.ops.add(
    groups,
    { name: extra.name ?? `g${++seq}`, type: extra.type ?? 0, userId: owner.id, onwerIds: extra.onwerIds ?? [] },
    SYSTEM,
    { trusted: true },
  )) as { id: number };
  await addMember(t, id, owner.id, 1);
  for (const p of others) await addMember(t, id, p.id);
  return id;
}

export async function addMember(t: TestApp, groupId: number, userId: number, isOwner = 0): Promise<void> {
  const rows = t.core.model.byKey.get('base/groupMember')!;
  await t.core.ops.add(rows, { groupId, userId, isOwner }, SYSTEM, { trusted: true });
}

/** Removes the member row (soft delete, as leaving does). */
export async function removeMember(t: TestApp, groupId: number, userId: number): Promise<void> {
  const rows = t.core.model.byKey.get('base/groupMember')!;
  const [row] = await t.core.ops.list(rows, { groupId, userId }, SYSTEM);
  await t.core.ops.delete(rows, { ids: [row.id] }, SYSTEM);
}

/** Stored rows of an entity matching equality filters, as the system reads them. */
export function rows(t: TestApp, key: string, filter: Record<string, unknown>): Promise<Array<Record<string, any>>> {
  return t.core.ops.list(t.core.model.byKey.get(key)!, filter, SYSTEM);
}

/** A text message body. */
export function text(toType: 0 | 1, toId: number, words: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { toType, toId, type: 0, content: { text: words }, ...extra };
}
