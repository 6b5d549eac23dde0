/**
 * What the socket server refuses (issue 15): bad, missing and ended tokens at the handshake and on
 * open sockets, sends outside one's groups or to blocked, missing or disabled users, invalid input,
 * floods (with the default rate limit), and faults that must not leak a stack.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { FRIEND_STATUS } from '../../entities/base/friend.entity';
import { closeAll, connect, emitAck, refusedConnect, waitNotice, type Client } from '../helpers/sockets';
import { group, member, members, post, rows, text, type Person } from './chat-world';

const kinds = await databaseKinds();

describe.each(kinds)('chat refusals on %s', (kind) => {
  let t: TestApp;
  let a: Person, b: Person, c: Person;
  let g = 0;
  const open: Client[] = [];
  const client = async (p: Person, language?: string) => {
    const s = await connect(p.token, { language });
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startApp(kind);
    [a, b, c] = await members(t, 3);
    g = await group(t, a, [b]);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await closeAll(...open);
    await t?.close();
  });

  it('refuses a missing, malformed or ended token at the handshake, and takes the Authorization header', async () => {
    for (const token of [null, 'not-a-token', `${a.token}x`]) {
      const err = await refusedConnect(token);
      expect(err.message).toBe('unauthorized');
      expect(err.data?.code).toBe(1001);
    }
    const viaHeader = await connect(a.token, { asHeader: true });
    expect(viaHeader.connected).toBe(true);
    const [p] = await members(t, 1);
    expect((await post(t, '/admin/base/comm/logout', {}, p.token)).body.code).toBe(1000);
    expect((await refusedConnect(p.token)).message).toBe('unauthorized');
    await closeAll(viaHeader);
  });

  it('answers events of a session that ended since the connect with 1001 and ends the socket', async () => {
    const p = await member(t);
    const s = await client(p);
    // Ended behind the socket server's back (a logout ends its sockets at once, socket-sessions.test.ts):
    // the event's own check is what refuses it.
    await t.core.db.run(
      `UPDATE ${t.core.db.q('base_sys_user')} SET ${t.core.db.q('passwordV')} = ${t.core.db.q('passwordV')} + 1 WHERE ${t.core.db.q('id')} = ?`,
      [p.id],
    );
    await t.core.auth.invalidate();
    const ack = await emitAck(s, 'sendMessage', text(0, a.id, 'after the end'));
    expect(ack.code).toBe(1001);
    await waitNotice(s, 'session', (d) => d.reason === 'revoked');
    await expect.poll(() => s.connected).toBe(false);
    expect(await rows(t, 'base/message', { fromId: p.id })).toEqual([]);
  });

  it('refuses a send into a group the sender is not in, or to a missing, disabled, blocking or own user', async () => {
    const sc = await client(c);
    const notMember = await emitAck(sc, 'sendMessage', text(1, g, 'let me in'));
    expect(notMember).toMatchObject({ code: 1001, message: 'You are not a member of this group', data: null });
    expect((await emitAck(sc, 'sendMessage', text(1, 99999999, 'nowhere'))).code).toBe(1001);
    expect((await emitAck(sc, 'sendMessage', text(0, 99999999, 'nobody'))).code).toBe(1001);
    expect((await emitAck(sc, 'sendMessage', text(0, c.id, 'me'))).code).toBe(1001);
    const off = await member(t);
    await post(t, '/admin/base/sys/user/update', { id: off.id, status: 0 }, t.adminToken);
    expect((await emitAck(sc, 'sendMessage', text(0, off.id, 'disabled'))).code).toBe(1001);
    // b blocks c: c cannot write to b any more; b can still write to c.
    // b's own friend row (userId is its owner field, filled from the caller).
    const asB = (await t.core.auth.state(b.id))!;
    await t.core.ops.add(t.core.model.byKey.get('base/friend')!, { friendId: c.id, status: FRIEND_STATUS.blocked }, asB, { trusted: true });
    expect(await rows(t, 'base/friend', { userId: b.id, friendId: c.id, status: FRIEND_STATUS.blocked })).toHaveLength(1);
    const blocked = await emitAck(sc, 'sendMessage', text(0, b.id, 'hello?'));
    expect(blocked).toMatchObject({ code: 1001, message: 'This user does not accept your messages' });
    expect((await post(t, '/admin/base/message/add', text(0, c.id, 'I can'), b.token)).body.code).toBe(1000);
    expect(await rows(t, 'base/message', { fromId: c.id })).toEqual([]);
  });

  it("refuses invalid messages with 1002 listing every bad field, in the socket's language", async () => {
    const sa = await client(a, 'zh-cn');
    const long = await emitAck(sa, 'sendMessage', { toType: 1, toId: g, content: 'x'.repeat(10_001) });
    expect(long.code).toBe(1002);
    expect(long.data).toEqual([{ field: 'content', rule: 'max_length', message: 'content 长度不能超过 10000 个字符' }]);
    expect((await emitAck(sa, 'sendMessage', { toType: 1, toId: g, content: 'x'.repeat(9_990) })).code).toBe(1000);
    const many = await emitAck(sa, 'sendMessage', { toType: 2, toId: 'g', type: 1.5, at: ['b'], clientId: '', extra: 1 });
    expect(many.code).toBe(1002);
    expect(many.data.map((e: { field: string }) => e.field).sort()).toEqual(['at', 'clientId', 'content', 'extra', 'toId', 'toType', 'type']);
    expect((await emitAck(sa, 'sendMessage', 'not an object')).code).toBe(1002);
    expect((await emitAck(sa, 'sync', { since: 'all' })).code).toBe(1002);
    expect((await emitAck(sa, 'read', { toType: 0, toId: b.id })).code).toBe(1002);
  });

  it('refuses a flood past 20 messages in 10 seconds with 1001, over the socket and over HTTP (429)', async () => {
    const [p] = await members(t, 1);
    const sp = await client(p);
    const acks = [];
    for (let i = 0; i < 20; i++) acks.push(await emitAck(sp, 'sendMessage', text(0, a.id, `n${i}`)));
    expect(acks.every((x) => x.code === 1000)).toBe(true);
    const over = await emitAck(sp, 'sendMessage', text(0, a.id, 'one too many'));
    expect(over).toMatchObject({ code: 1001, message: 'You are sending messages too fast, please wait a moment' });
    const http = await post(t, '/admin/base/message/add', text(0, a.id, 'and over http'), p.token);
    expect(http.status).toBe(429);
    expect(http.body.code).toBe(1001);
    expect(await rows(t, 'base/message', { fromId: p.id })).toHaveLength(20);
  });

  it('answers a fault inside an event with a generic 1003 and no stack, and the socket stays usable', async () => {
    const sa = await client(a);
    // Every transaction fails while the event runs (not only the next one: background work of the earlier
    // tests, such as the search index's writes, may take a transaction first).
    const spy = vi.spyOn(t.core.ops, 'transaction').mockRejectedValue(new Error('boom: secret internals'));
    const ack = await emitAck(sa, 'sendMessage', text(1, g, 'will fail'));
    spy.mockRestore();
    expect(ack).toEqual({ code: 1003, message: 'Server error, please try again later', data: null });
    expect(JSON.stringify(ack)).not.toContain('boom');
    expect((await emitAck(sa, 'sendMessage', text(1, g, 'works again'))).code).toBe(1000);
  });
});
