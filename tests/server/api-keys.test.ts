/**
 * Personal API keys through the real HTTP stack, on every database kind: shown once and stored
 * hashed, acting as the owner and never more (scope, a permission the owner loses, a disabled owner),
 * revoked and expired keys refused at once, a password change that leaves keys alone, the request
 * log naming the key, and the limits (no key made with a key, twenty active keys at most).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { accessWorld, expectRefused } from './access-world';

const kinds = await databaseKinds();

describe.each(kinds)('API keys on %s', (kind) => {
  const w = accessWorld(kind);
  const { get, post, asAdmin, createUser, signIn } = w;
  const q = (s: string) => w.t.core.db.q(s);

  async function member() {
    const u = await createUser();
    const { token } = await signIn(u.username, u.password);
    return { ...u, token };
  }

  async function makeKey(token: string, body: Record<string, unknown>) {
    const res = await post('/admin/base/apiKey/create', body, token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return res.body.data as { key: string; row: { id: number; name: string; prefix: string; modules: string[] | null; perms: string[] | null } };
  }

  it('shows a key once, stores only its hash, and signs in as its owner with it', async () => {
    const ann = await member();
    const made = await makeKey(ann.token, { name: 'laptop script' });
    expect(made.key).toMatch(/^cak_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.row.prefix)).toBe(true);

    const [row] = await w.t.core.db.query<Record<string, unknown>>(`SELECT * FROM ${q('base_api_key')} WHERE ${q('id')} = ?`, [made.row.id]);
    expect(row.hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key);
    expect(Number(row.userId)).toBe(ann.id);

    for (const header of [made.key, `Bearer ${made.key}`]) {
      const person = await get('/admin/base/comm/person', header);
      expect(person.status, JSON.stringify(person.body)).toBe(200);
      expect(person.body.data.id).toBe(ann.id);
    }
    // Listing never holds the secret nor its hash.
    const page = await post('/admin/base/apiKey/page', {}, ann.token);
    expect(page.body.code).toBe(1000);
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toEqual([made.row.id]);
    expect(JSON.stringify(page.body.data)).not.toContain(made.key.slice(12));
    expect(page.body.data.list[0].hash).toBeUndefined();
    // The owner's use is recorded.
    const [used] = await w.t.core.db.query<{ lastUsedTime: unknown }>(`SELECT ${q('lastUsedTime')} FROM ${q('base_api_key')} WHERE ${q('id')} = ?`, [
      made.row.id,
    ]);
    expect(used.lastUsedTime).toBeTruthy();
  });

  it('lists a member only their own keys, and refuses revoking another member’s (404)', async () => {
    const ann = await member();
    const bob = await member();
    const a = await makeKey(ann.token, { name: 'ann' });
    await makeKey(bob.token, { name: 'bob' });
    const bobs = await post('/admin/base/apiKey/page', {}, bob.token);
    expect(bobs.body.data.list.map((r: { name: string }) => r.name)).toEqual(['bob']);
    const foreign = await post('/admin/base/apiKey/revoke', { id: a.row.id }, bob.token);
    expect(foreign.status).toBe(404);
    expect((await get('/admin/base/comm/person', a.key)).status).toBe(200);
    // An administrator sees both and may revoke either.
    const all = await asAdmin.post('/admin/base/apiKey/page', { size: 100 });
    expect(all.body.data.list.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['ann', 'bob']));
  });

  it('narrows a key to modules and permission keys, and refuses a scope wider than its owner (1002)', async () => {
    const ann = await member();
    const onlyPerson = await makeKey(ann.token, { name: 'person only', perms: ['base:comm:person'] });
    expect((await get('/admin/base/comm/person', onlyPerson.key)).status).toBe(200);
    expectRefused(await post('/admin/base/apiKey/page', {}, onlyPerson.key), 403);

    const goodsOnly = await makeKey(ann.token, { name: 'goods', modules: ['goods'] });
    expectRefused(await get('/admin/base/comm/person', goodsOnly.key), 403);
    const orders = await post('/admin/goods/order/mine', {}, goodsOnly.key);
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);

    const wide = await post('/admin/base/apiKey/create', { name: 'wide', perms: ['base:sys:user:page'], modules: ['nosuchmodule'] }, ann.token);
    expect(wide.status).toBe(400);
    expect(wide.body.code).toBe(1002);
    expect(wide.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['modules.0', 'perms.0']);

    // An administrator's key scoped to a module is refused the console's other calls.
    const adminGoods = await makeKey(w.t.adminToken, { name: 'admin goods', modules: ['goods'] });
    expectRefused(await post('/admin/base/sys/user/page', {}, adminGoods.key), 403);
    expect((await post('/admin/goods/order/page', {}, adminGoods.key)).status).toBe(200);
  });

  it('loses what its owner loses: a permission taken from the role, a disabled owner', async () => {
    const menu = await asAdmin.post('/admin/base/sys/menu/add', { name: `keys-${kind}`, type: 2, perms: 'demo:goods:page' });
    expect(menu.body.code).toBe(1000);
    const role = await asAdmin.post('/admin/base/sys/role/add', { name: `keys-${kind}`, label: `keys_${kind}`, menuIdList: [menu.body.data.id] });
    expect(role.body.code, JSON.stringify(role.body)).toBe(1000);
    const u = await createUser({ roleIdList: [role.body.data.id] });
    const { token } = await signIn(u.username, u.password);
    const k = await makeKey(token, { name: 'demo reader' });
    expect((await post('/admin/demo/goods/page', {}, k.key)).status).toBe(200);

    const taken = await asAdmin.post('/admin/base/sys/role/update', { id: role.body.data.id, menuIdList: [] });
    expect(taken.body.code).toBe(1000);
    expectRefused(await post('/admin/demo/goods/page', {}, k.key), 403);

    const off = await asAdmin.post('/admin/base/sys/user/update', { id: u.id, status: 0 });
    expect(off.body.code).toBe(1000);
    expectRefused(await get('/admin/base/comm/person', k.key), 401);
    const on = await asAdmin.post('/admin/base/sys/user/update', { id: u.id, status: 1 });
    expect(on.body.code).toBe(1000);
    expect((await get('/admin/base/comm/person', k.key)).status).toBe(200);
  });

  it('refuses a revoked or expired key at once, and keeps keys through a password change', async () => {
    const ann = await member();
    const one = await makeKey(ann.token, { name: 'one', expireDays: 30 });
    const two = await makeKey(ann.token, { name: 'two' });
    const three = await makeKey(ann.token, { name: 'three' });

    const revoked = await post('/admin/base/apiKey/revoke', { id: one.row.id }, ann.token);
    expect(revoked.body.data).toMatchObject({ id: one.row.id, status: 0 });
    expect(revoked.body.data.revokeTime).toBeTruthy();
    expectRefused(await get('/admin/base/comm/person', one.key), 401);

    // A password change ends the member's sessions, not their keys.
    const changed = await asAdmin.post('/admin/base/sys/user/update', { id: ann.id, password: 'Changed-Pass-9' });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(1000);
    expectRefused(await get('/admin/base/comm/person', ann.token), 401);
    expect((await get('/admin/base/comm/person', two.key)).status).toBe(200);

    await w.t.core.db.run(`UPDATE ${q('base_api_key')} SET ${q('expireTime')} = ? WHERE ${q('id')} = ?`, ['2020-01-01 00:00:00', two.row.id]);
    expectRefused(await get('/admin/base/comm/person', two.key), 401);

    const { token } = await signIn(ann.username, 'Changed-Pass-9');
    const all = await post('/admin/base/apiKey/revokeAll', {}, token);
    expect(all.body.data.count).toBe(2); // two (expired but active) and three
    expectRefused(await get('/admin/base/comm/person', three.key), 401);
  });

  it('makes no key with a key, and holds at most twenty active keys', async () => {
    const ann = await member();
    const k = await makeKey(ann.token, { name: 'first' });
    expectRefused(await post('/admin/base/apiKey/create', { name: 'from a key' }, k.key), 403);
    const made = await Promise.all(Array.from({ length: 22 }, (_, i) => post('/admin/base/apiKey/create', { name: `k${i}` }, ann.token)));
    expect(made.filter((r) => r.body.code === 1000)).toHaveLength(19);
    expect(made.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it('names the key in the request log', async () => {
    const ann = await member();
    const k = await makeKey(ann.token, { name: `logged-${kind}` });
    expect((await get('/admin/base/comm/person', k.key)).status).toBe(200);
    await w.t.core.requestLog.flush();
    const rows = await w.t.core.db.query<{ action: string; userId: number }>(
      `SELECT ${q('action')}, ${q('userId')} FROM ${q('base_sys_log')} WHERE ${q('apiKey')} = ?`,
      [`logged-${kind}`],
    );
    expect(rows).toEqual([{ action: '/admin/base/comm/person', userId: ann.id }]);
  });
});
