/**
 * Realtime chat over real socket.io clients (issue 15): private and group delivery, mentions,
 * clientId retries, sync after a disconnect, join/leave, HTTP message/add on the same path, presence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, noticeWithin, notices, waitNotice, type Client } from '../helpers/sockets';
import { addMember, group, members, post, removeMember, rows, text, type Person } from './chat-world';

const kinds = await databaseKinds();

describe.each(kinds)('realtime chat on %s', (kind) => {
  let t: TestApp;
  let a: Person, b: Person, c: Person, d: Person;
  let g = 0;
  const open: Client[] = [];
  const client = async (p: Person) => {
    const s = await connect(p.token);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, CHAT_SEND_LIMIT: '1000/10' } });
    [a, b, c, d] = await members(t, 4);
    g = await group(t, a, [b, c]);
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it("delivers a private message to both users' sockets (each device of the sender too) and numbers it in their conversation", async () => {
    const [sa, sa2, sb, sc] = [await client(a), await client(a), await client(b), await client(c)];
    const ack = await emitAck(sa, 'sendMessage', text(0, b.id, 'hello b', { clientId: 'p-1' }));
    expect(ack.code, JSON.stringify(ack)).toBe(1000);
    const m = ack.data;
    expect(m).toMatchObject({
      fromId: a.id,
      toId: b.id,
      toType: 0,
      seq: 1,
      conversation: `p:${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`,
      content: { text: 'hello b' },
      clientId: 'p-1',
    });
    // The notice is the stored message without the empty fields of its later state (edits, recalls, reactions, pins).
    const later = ['replyTo', 'editTime', 'recallTime', 'recalledBy', 'reactions', 'pinTime', 'pinnedBy', 'changeSeq'];
    const delivered = (await waitNotice(sb, 'message', (x) => x.id === m.id)).data;
    expect(delivered).toEqual(Object.fromEntries(Object.entries(m).filter(([k, v]) => !(later.includes(k) && !v))));
    expect(Object.keys(delivered).filter((k) => later.includes(k))).toEqual([]);
    await waitNotice(sa2, 'message', (x) => x.id === m.id);
    await waitNotice(sa, 'message', (x) => x.id === m.id);
    expect(await noticeWithin(sc, 'message', (x) => x.id === m.id)).toBe(false);
    // The reply continues the same conversation's numbering.
    const reply = await emitAck(sb, 'sendMessage', text(0, a.id, 'hi a'));
    expect(reply.data).toMatchObject({ seq: 2, conversation: m.conversation, fromId: b.id });
    await waitNotice(sa, 'message', (x) => x.id === reply.data.id);
    await closeAll(sa, sa2, sb, sc);
  });

  it("delivers a group message to every member's socket and to nobody else", async () => {
    const [sa, sb, sc, sd] = [await client(a), await client(b), await client(c), await client(d)];
    const ack = await emitAck(sb, 'sendMessage', text(1, g, 'to the group'));
    expect(ack.code).toBe(1000);
    expect(ack.data).toMatchObject({ toType: 1, toId: g, conversation: `g:${g}`, fromId: b.id });
    for (const s of [sa, sb, sc]) await waitNotice(s, 'message', (x) => x.id === ack.data.id);
    expect(await noticeWithin(sd, 'message', (x) => x.id === ack.data.id)).toBe(false);
    const next = await emitAck(sc, 'sendMessage', text(1, g, 'second'));
    expect(next.data.seq).toBe(ack.data.seq + 1);
    await closeAll(sa, sb, sc, sd);
  });

  it('turns a mention of a group member into a notification, and keeps only members in at', async () => {
    const [sb, sc] = [await client(b), await client(c)];
    const ack = await emitAck(sb, 'sendMessage', text(1, g, 'look @a', { at: [a.id, d.id, b.id] }));
    expect(ack.code).toBe(1000);
    expect(ack.data.at).toEqual([a.id]);
    const sa = await client(a);
    const notes = await rows(t, 'base/notify', { toId: a.id, type: 1 });
    expect(notes.map((n) => n.fromId)).toEqual([b.id]);
    expect(notes[0].content).toBe('look @a');
    expect(notes[0].groupId).toBe(g);
    expect(await rows(t, 'base/notify', { toId: d.id })).toEqual([]);
    // Live too, to a member online at the time of sending.
    const again = await emitAck(sc, 'sendMessage', text(1, g, 'and again @a', { at: [a.id] }));
    expect(again.code).toBe(1000);
    const live = await waitNotice(sa, 'notify', (n) => n.type === 1 && n.content === 'and again @a');
    expect(live.data).toMatchObject({ toId: a.id, fromId: c.id, status: 0, groupId: g });
    expect(await noticeWithin(sb, 'notify', (n) => n.content === 'and again @a')).toBe(false);
    await closeAll(sa, sb, sc);
  });

  it('stores a message once when its clientId is sent again, also by two concurrent sends, and delivers it once', async () => {
    const [sa, sb] = [await client(a), await client(b)];
    const first = await emitAck(sa, 'sendMessage', text(1, g, 'once', { clientId: 'retry-1' }));
    const retry = await emitAck(sa, 'sendMessage', text(1, g, 'once', { clientId: 'retry-1' }));
    expect(retry.code).toBe(1000);
    expect(retry.data).toEqual(first.data);
    const [x, y] = await Promise.all([
      emitAck(sa, 'sendMessage', text(1, g, 'race', { clientId: 'race-1' })),
      emitAck(sa, 'sendMessage', text(1, g, 'race', { clientId: 'race-1' })),
    ]);
    expect(x.code).toBe(1000);
    expect(y.data.id).toBe(x.data.id);
    expect((await rows(t, 'base/message', { fromId: a.id })).filter((m) => m.clientId === 'race-1' || m.clientId === 'retry-1')).toHaveLength(2);
    // The lost race gave its number back: the next message follows without a gap.
    const after = await emitAck(sa, 'sendMessage', text(1, g, 'after'));
    expect(after.data.seq).toBe(x.data.seq + 1);
    await waitNotice(sb, 'message', (m) => m.id === after.data.id);
    expect(notices(sb, 'message').filter((n) => n.data.id === first.data.id)).toHaveLength(1);
    expect(notices(sb, 'message').filter((n) => n.data.id === x.data.id)).toHaveLength(1);
    await closeAll(sa, sb);
  });

  it('gives a client that reconnects exactly the messages it missed through sync', async () => {
    const sa = await client(a);
    let sb = await client(b);
    const seen = (await emitAck(sa, 'sendMessage', text(1, g, 'seen'))).data;
    const seenPrivate = (await emitAck(sa, 'sendMessage', text(0, b.id, 'seen too'))).data;
    await waitNotice(sb, 'message', (m) => m.id === seenPrivate.id);
    await closeAll(sb);
    const missed = [];
    for (const words of ['m1', 'm2', 'm3']) missed.push((await emitAck(sa, 'sendMessage', text(1, g, words))).data);
    const missedPrivate = (await emitAck(sa, 'sendMessage', text(0, b.id, 'p1'))).data;
    const other = await group(t, c, [d]);
    sb = await client(b);
    const ack = await emitAck(sb, 'sync', {
      since: [
        { toType: 1, toId: g, afterSeq: seen.seq },
        { toType: 0, toId: a.id, afterSeq: seenPrivate.seq },
        { toType: 1, toId: other, afterSeq: 0 },
      ],
    });
    expect(ack.code).toBe(1000);
    expect(ack.data).toEqual([
      { toType: 1, toId: g, list: missed, hasMore: false },
      { toType: 0, toId: a.id, list: [missedPrivate], hasMore: false },
    ]);
    await closeAll(sa, sb);
  });

  it('lets joining and leaving a group change who receives its messages, on open sockets', async () => {
    const [sa, sd] = [await client(a), await client(d)];
    await addMember(t, g, d.id);
    await t.core.realtime.joinGroup([d.id], g);
    const inside = (await emitAck(sa, 'sendMessage', text(1, g, 'welcome d'))).data;
    await waitNotice(sd, 'message', (m) => m.id === inside.id);
    expect((await emitAck(sd, 'sendMessage', text(1, g, 'thanks'))).code).toBe(1000);
    await removeMember(t, g, d.id);
    await t.core.realtime.leaveGroup([d.id], g);
    const outside = (await emitAck(sa, 'sendMessage', text(1, g, 'bye d'))).data;
    expect(await noticeWithin(sd, 'message', (m) => m.id === outside.id)).toBe(false);
    const refused = await emitAck(sd, 'sendMessage', text(1, g, 'still here?'));
    expect(refused.code).toBe(1001);
    await closeAll(sa, sd);
  });

  it('sends over HTTP message/add through the same path: numbered, delivered, read-only fields ignored', async () => {
    const [sb] = [await client(b)];
    const last = (await post(t, '/admin/base/message/messageList', { toType: 1, toId: g, size: 1 }, a.token)).body.data.list[0];
    const res = await post(t, '/admin/base/message/add', text(1, g, 'over http', { seq: 999, conversation: 'g:1', fromId: b.id, clientId: 'h-1' }), a.token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    expect(res.body.data).toMatchObject({ fromId: a.id, seq: last.seq + 1, conversation: `g:${g}`, clientId: 'h-1' });
    await waitNotice(sb, 'message', (m) => m.id === res.body.data.id);
    const again = await post(t, '/admin/base/message/add', text(1, g, 'over http', { clientId: 'h-1' }), a.token);
    expect(again.body.data.id).toBe(res.body.data.id);
    const bad = await post(t, '/admin/base/message/add', { ...text(1, g, 'x'), colour: 'red' }, a.token);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field)).toEqual(['colour']);
    await closeAll(sb);
  });

  it("keeps online and socketId right with several sockets, and tells the user's groups", async () => {
    const users = t.core.model.system('users');
    const state = async () =>
      (
        await t.core.db.query<{ online: number; socketId: string | null }>(
          `SELECT ${t.core.db.q('online')}, ${t.core.db.q('socketId')} FROM ${t.core.db.q(users.table)} WHERE ${t.core.db.q('id')} = ?`,
          [c.id],
        )
      )[0];
    const sa = await client(a);
    const c1 = await client(c);
    await waitNotice(sa, 'presence', (p) => p.userId === c.id && p.online === true);
    await expect.poll(async () => (await state()).online).toBe(1);
    const c2 = await client(c);
    await expect.poll(async () => (await state()).socketId).toBe(c2.id);
    expect(await t.core.realtime.isOnline(c.id)).toBe(true);
    await closeAll(c2);
    expect(await noticeWithin(sa, 'presence', (p) => p.userId === c.id && p.online === false)).toBe(false);
    expect(Number((await state()).online)).toBe(1);
    await closeAll(c1);
    await waitNotice(sa, 'presence', (p) => p.userId === c.id && p.online === false);
    expect(Number((await state()).online)).toBe(0);
    expect(await t.core.realtime.isOnline(c.id)).toBe(false);
    await closeAll(sa);
  });
});
