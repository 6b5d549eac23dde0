/**
 * The permission matrix's world: members A and B (the member role, created by the administrator),
 * and A's rows in every entity a member can own or be party to, each string, text and JSON field
 * carrying a marker. Rows are created through the API as A where A can (so owner fields are A's),
 * else as the administrator, else with SQL; then SQL sets every intended value, so the stored row
 * is exactly the seeded one whatever the access rules of the day let through.
 */
import type { Row } from '../../server/core/entity/define';
import type { Entity } from '../../server/core/entity/model';
import { nowStored, toStored } from '../../server/core/crud/values';
import { memberRoleId } from '../../server/modules/system/member.service';
import type { TestApp } from './app';
import { Markers, markedValue } from './matrix-markers';
import { A_RUN_RESULT_ID } from './matrix-ai';

export interface Member {
  id: number;
  token: string;
}

export interface World {
  t: TestApp;
  markers: Markers;
  adminId: number;
  a: Member & { username: string; email: string; inviteCode: string };
  b: Member & { username: string };
  /** Ids of A's rows (owned, or A is party to them), by entity key. */
  rows: Map<string, number[]>;
  groupId: number;
  /** The join key of A's group (a private group: the key joins nothing). */
  groupKey: string;
  goodsId: number;
  /** The order number of A's paid order (A bought from the administrator), and A's used redemption code. */
  orderNo: string;
  couponCode: string;
  shortKey: string;
  /** A's uploaded file, as the file route's path parameters. */
  file: { day: string; file: string };
  recycleId: number | null;
}

const MEMBER_PASSWORD = 'Member-Pass-1';

export function entityOf(t: TestApp, key: string): Entity {
  const e = t.core.model.byKey.get(key);
  if (!e) throw new Error(`no entity ${key}`);
  return e;
}

async function post(t: TestApp, path: string, body: unknown, token?: string): Promise<{ code: number; data: any }> {
  const r = t.http().post(path);
  if (token) r.set('Authorization', token);
  return (await r.send(body as object)).body;
}

function remember(w: World, key: string, id: number): void {
  w.rows.set(key, [...(w.rows.get(key) ?? []), id]);
}

/** A value the database accepts for a NOT NULL column nobody gave a value. */
function filler(type: string): unknown {
  if (['string', 'text'].includes(type)) return '';
  if (type === 'json') return 'null';
  if (type === 'datetime') return nowStored();
  return 0;
}

async function insertSql(t: TestApp, e: Entity, values: Row): Promise<number> {
  const db = t.core.db;
  const cols: Row = {};
  for (const f of e.columns) {
    if (f.name === 'id') continue;
    if (f.name in values) cols[f.name] = toStored(f, values[f.name]);
    else if (f.system) cols[f.name] = nowStored();
    else if (!f.nullable) cols[f.name] = f.default ?? filler(f.type);
  }
  const names = Object.keys(cols);
  const r = await db.run(
    `INSERT INTO ${db.q(e.table)} (${names.map((n) => db.q(n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    Object.values(cols),
  );
  return Number(r.insertId);
}

async function updateSql(t: TestApp, e: Entity, id: number, values: Row): Promise<void> {
  const db = t.core.db;
  const names = Object.keys(values).filter((n) => e.byName.get(n) && !e.byName.get(n)!.virtual);
  if (!names.length) return;
  await db.run(`UPDATE ${db.q(e.table)} SET ${names.map((n) => `${db.q(n)} = ?`).join(', ')} WHERE ${db.q('id')} = ?`, [
    ...names.map((n) => toStored(e.byName.get(n)!, values[n])),
    id,
  ]);
}

/** Marked values for every column of `e` that can hold a marker, except those given or skipped. */
function markedRow(w: World, e: Entity, given: Row, skip: string[] = []): Row {
  const row: Row = {};
  for (const f of e.columns) {
    if (f.system || f.transform || f.name === e.softDelete || f.name in given || skip.includes(f.name)) continue;
    const v = markedValue(f, () => w.markers.mark(e.key, f.name));
    if (v !== undefined) row[f.name] = v;
  }
  return { ...row, ...given };
}

/**
 * Seeds one row of `key` for A: marked values plus `fixed` (owner, links, enums). The owner field
 * is A unless `fixed` names it. Returns the id.
 */
async function seedRow(w: World, key: string, fixed: Row, by: 'A' | 'admin' = 'A', skip: string[] = []): Promise<number> {
  const e = entityOf(w.t, key);
  const values = markedRow(w, e, e.owner && !(e.owner in fixed) ? { ...fixed, [e.owner]: w.a.id } : fixed, skip);
  const add = e.actionByName.get('add');
  let id: number | null = null;
  if (add && add.method === 'POST') {
    const payload = Object.fromEntries(Object.entries(values).filter(([k]) => e.writable.some((f) => f.name === k && !f.virtual)));
    for (const token of by === 'A' ? [w.a.token, w.t.adminToken] : [w.t.adminToken]) {
      const r = await post(w.t, add.path, payload, token);
      if (r.code === 1000) {
        id = Number(r.data.id);
        break;
      }
    }
  }
  if (id === null) id = await insertSql(w.t, e, values);
  else await updateSql(w.t, e, id, values);
  remember(w, key, id);
  return id;
}

async function createMember(t: TestApp, username: string): Promise<Member> {
  const roleId = await memberRoleId(t.core);
  const r = await post(t, '/admin/base/sys/user/add', { username, password: MEMBER_PASSWORD, nickName: username, roleIdList: [roleId] }, t.adminToken);
  if (r.code !== 1000) throw new Error(`could not create member ${username}: ${JSON.stringify(r)}`);
  return { id: Number(r.data.id), token: await t.login(username, MEMBER_PASSWORD) };
}

/** A's file, uploaded by A, its name marked; the storage key the server chose counts as a marker too. */
async function uploadAsA(w: World): Promise<void> {
  const name = `${w.markers.mark('space/info', 'name')}.txt`;
  const res = await w.t
    .http()
    .post('/admin/base/comm/upload')
    .set('Authorization', w.a.token)
    .attach('files', Buffer.from('member A private notes'), { filename: name, contentType: 'text/plain' });
  if (res.body.code !== 1000) throw new Error(`upload as A failed: ${JSON.stringify(res.body)}`);
  const row = res.body.data[0] as { id: number; key: string; fileId: string };
  w.markers.register(row.fileId, 'space/info', ['url', 'key', 'fileId']);
  const [, , day, file] = row.key.split('/');
  w.file = { day, file };
  const e = entityOf(w.t, 'space/info');
  const fixed: Row = { type: w.markers.mark('space/info', 'type') };
  if (e.byName.has('userId')) fixed.userId = w.a.id;
  await updateSql(w.t, e, row.id, fixed);
  remember(w, 'space/info', row.id);
}

/** A's short link, made through the public add with A's token, its key and target marked. */
async function shortLinkOfA(w: World): Promise<void> {
  const r = await post(w.t, '/admin/base/shortLink/add', { url: 'https://example.com/placeholder' }, w.a.token);
  if (r.code !== 1000) throw new Error(`short link of A failed: ${JSON.stringify(r)}`);
  const e = entityOf(w.t, 'base/shortLink');
  const db = w.t.core.db;
  const [row] = await db.query<{ id: number }>(`SELECT ${db.q('id')} FROM ${db.q(e.table)} WHERE ${db.q('shortKey')} = ?`, [r.data.shortKey]);
  w.shortKey = w.markers.mark('base/shortLink', 'shortKey');
  await updateSql(w.t, e, Number(row.id), { shortKey: w.shortKey, url: `https://example.com/${w.markers.mark('base/shortLink', 'url')}`, userId: w.a.id });
  remember(w, 'base/shortLink', Number(row.id));
}

export async function seedWorld(t: TestApp): Promise<World> {
  const markers = new Markers();
  const db = t.core.db;
  const [admin] = await db.query<{ id: number }>(
    `SELECT ${db.q('userId')} AS ${db.q('id')} FROM ${db.q('base_sys_user_role')} WHERE ${db.q('roleId')} = 1 ORDER BY ${db.q('id')} LIMIT 1`,
  );
  const aName = markers.mark('base/sys/user', 'username');
  const bName = `matrix_b_${Date.now().toString(36)}`;
  const a = await createMember(t, aName);
  const b = await createMember(t, bName);
  const w: World = {
    t,
    markers,
    adminId: Number(admin.id),
    a: { ...a, username: aName, email: '', inviteCode: '' },
    b: { ...b, username: bName },
    rows: new Map(),
    groupId: 0,
    groupKey: '',
    goodsId: 0,
    orderNo: '',
    couponCode: '',
    shortKey: '',
    file: { day: '', file: '' },
    recycleId: null,
  };

  // A's account: every markable field, through the administrator's update, then SQL for hidden ones.
  const users = entityOf(t, 'base/sys/user');
  const profile = markedRow(w, users, {}, ['username', 'usernameKey', 'password', 'socketId']);
  w.a.email = String(profile.email);
  w.a.inviteCode = String(profile.inviteCode);
  const writable = Object.fromEntries(Object.entries(profile).filter(([k]) => users.writable.some((f) => f.name === k)));
  await post(t, '/admin/base/sys/user/update', { id: a.id, ...writable }, t.adminToken);
  await updateSql(t, users, a.id, profile);
  remember(w, 'base/sys/user', a.id);

  w.groupId = await seedRow(w, 'base/group', { userId: a.id, onwerIds: [a.id] });
  w.groupKey = String(
    (await db.query<{ key: string }>(`SELECT ${db.q('key')} FROM ${db.q(entityOf(t, 'base/group').table)} WHERE ${db.q('id')} = ?`, [w.groupId]))[0].key,
  );
  // group/add made A the owner member: mark that row rather than add a second one.
  const members = entityOf(t, 'base/groupMember');
  const [own] = await db.query<{ id: number }>(`SELECT ${db.q('id')} FROM ${db.q(members.table)} WHERE ${db.q('groupId')} = ? AND ${db.q('userId')} = ?`, [
    w.groupId,
    a.id,
  ]);
  if (own) {
    await updateSql(t, members, Number(own.id), markedRow(w, members, { groupId: w.groupId, userId: a.id, isOwner: 1 }));
    remember(w, 'base/groupMember', Number(own.id));
  } else await seedRow(w, 'base/groupMember', { groupId: w.groupId, userId: a.id, isOwner: 1 });
  await seedRow(w, 'base/groupMember', { groupId: w.groupId, userId: w.adminId, isOwner: 0 }, 'admin');
  // Messages as the send path stores them, numbered in their conversation, and A's read mark.
  const dm = `p:${Math.min(a.id, w.adminId)}:${Math.max(a.id, w.adminId)}`;
  const asked = await seedRow(w, 'base/message', { fromId: a.id, toId: w.adminId, toType: 0, conversation: dm, seq: 1 });
  // A chain of AI replies A started there, still answering: B may neither read nor stop it.
  await seedRow(w, 'ai/chain', { rootId: asked, conversation: dm, groupId: null, payerId: a.id, state: 0, steps: 1 }, 'admin');
  await seedRow(w, 'base/message', { fromId: w.adminId, toId: a.id, toType: 0, conversation: dm, seq: 2 }, 'admin');
  await seedRow(w, 'base/message', { fromId: a.id, toId: w.groupId, toType: 1, conversation: `g:${w.groupId}`, seq: 1 });
  await seedRow(w, 'base/messageRead', { userId: a.id, conversation: dm, seq: 1 }, 'admin');
  // What the AI members remember of A's group (administrators only, and its members through ai/summary/read).
  await seedRow(w, 'ai/summary', { conversation: `g:${w.groupId}`, upToSeq: 1 }, 'admin');
  await seedRow(w, 'base/desktop', { member: [a.id] });
  // A deleted desktop: its recycle record holds a copy of A's markers.
  const gone = await seedRow(w, 'base/desktop', { member: [a.id] });
  if ((await post(t, '/admin/base/desktop/delete', { ids: [gone] }, a.token)).code !== 1000) {
    await post(t, '/admin/base/desktop/delete', { ids: [gone] }, t.adminToken);
  }
  // Accepted, so public and member reads of A's friends show the row (cut to its visible fields).
  await seedRow(w, 'base/friend', { friendId: w.adminId, status: 1 });
  await seedRow(w, 'base/auth', { status: 1 });
  const category = await seedRow(w, 'base/mediaCategory', {});
  await seedRow(w, 'base/media', { categoryId: category });
  // A's own file category: B neither sees, renames, deletes nor files into it.
  await seedRow(w, 'space/type', { parentId: null });
  w.goodsId = await seedRow(w, 'goods/info', { status: 1, isDisplay: 1, isFree: 0, isCommentAllowed: 1, isPinned: 0, copyrightType: 0, workflowId: 1 });
  // A member comments only on goods on sale: the workflow the goods above sells.
  await seedRow(w, 'base/comment', { workflowId: 1 });
  await seedRow(w, 'goods/spec', { goodsId: w.goodsId }, 'admin');
  const bought = await seedRow(w, 'goods/order', { userId: a.id, sellerId: w.adminId, payType: 1, payStatus: 1, status: 1 });
  w.orderNo = String(
    (await db.query<{ orderNo: string }>(`SELECT ${db.q('orderNo')} FROM ${db.q(entityOf(t, 'goods/order').table)} WHERE ${db.q('id')} = ?`, [bought]))[0]
      .orderNo,
  );
  await seedRow(w, 'goods/order', { userId: w.adminId, sellerId: a.id, goodsId: w.goodsId, payType: 1, payStatus: 1, status: 1 });
  // What A's paid order delivered: an AI member (the administrator's id stands in for it).
  await seedRow(
    w,
    'goods/purchase',
    { userId: a.id, goodsId: w.goodsId, orderId: bought, sellerId: w.adminId, kind: 1, aiUserId: w.adminId, status: 1 },
    'admin',
  );
  await seedRow(w, 'goods/like', { goodsId: w.goodsId });
  await seedRow(w, 'goods/favorite', { goodsId: w.goodsId });
  await seedRow(w, 'base/paidLog', { userId: a.id, amount: 9.9, status: 1 });
  await seedRow(w, 'base/tokenLog', { userId: a.id, tokens: 5, balance: 5 });
  await seedRow(w, 'base/payout', { userId: a.id, tokens: 5, status: 0 }, 'admin');
  // A's run still waiting for the workflow engine (its deadline far off, so the watchdog leaves it).
  await seedRow(w, 'base/run', { status: 0, kind: 0, isAsync: 1, cost: 1, workflowResultId: A_RUN_RESULT_ID, deadline: '2099-01-01T00:00:00.000Z' });
  await seedRow(w, 'base/notify', { fromId: w.adminId, toId: a.id }, 'admin');
  // A write A's AI member proposed, waiting for A's confirmation: B may neither run nor drop it.
  await seedRow(
    w,
    'ai/toolCall',
    { askerId: a.id, aiUserId: w.adminId, tool: 'base_desktop_add', effect: 'write', state: 0, input: { name: 'A desk' } },
    'admin',
  );
  const coupon = await seedRow(w, 'base/coupon', { userId: a.id, status: 1 });
  w.couponCode = String(
    (await db.query<{ code: string }>(`SELECT ${db.q('code')} FROM ${db.q(entityOf(t, 'base/coupon').table)} WHERE ${db.q('id')} = ?`, [coupon]))[0].code,
  );
  // A's shipping address (userId comes from A's token; the seeded value names A anyway).
  await seedRow(w, 'user/address', { userId: a.id, isDefault: 1 });
  await shortLinkOfA(w);
  await uploadAsA(w);

  const recycle = entityOf(t, 'recycle/data');
  const [rec] = await db.query<{ id: number }>(`SELECT ${db.q('id')} FROM ${db.q(recycle.table)} ORDER BY ${db.q('id')} DESC LIMIT 1`);
  if (rec) {
    w.recycleId = Number(rec.id);
    remember(w, 'recycle/data', w.recycleId);
  }
  await t.core.requestLog.flush();
  return w;
}
