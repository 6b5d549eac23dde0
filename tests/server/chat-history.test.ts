/**
 * Chat history and read state (issue 15): messageList paging by sequence number and anonymous
 * access to public groups only, unread counts through message/conversations, read marks (socket and
 * HTTP), and team notices by owners and deputies only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, noticeWithin, waitNotice, type Client } from '../helpers/sockets';
import { group, members, post, rows, text, type Person } from './chat-world';

const kinds = await databaseKinds();

describe.each(kinds)('chat history and read state on %s', (kind) => {
  let t: TestApp;
  let a: Person, b: Person, c: Person, d: Person;
  let privateGroup = 0;
  let publicGroup = 0;
  const open: Client[] = [];
  const client = async (p: Person) => {
    const s = await connect(p.token);
    open.push(s);
    return s;
  };
  const list = (body: unknown, token?: string) => post(t, '/admin/base/message/messageList', body, token);
  const send = async (from: Person, body: Record<string, unknown>) => {
    const res = await post(t, '/admin/base/message/add', body, from.token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, CHAT_SEND_LIMIT: '1000/10' } });
    [a, b, c, d] = await members(t, 4);
    privateGroup = await group(t, a, [b, c], { onwerIds: [b.id] });
    publicGroup = await group(t, a, [b], { type: 1 });
    for (let i = 1; i <= 7; i++) await send(a, text(1, privateGroup, `m${i}`));
    for (let i = 1; i <= 3; i++) await send(a, text(1, publicGroup, `pub${i}`));
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it('pages a conversation by sequence number, ascending, with hasMore in the direction asked', async () => {
    const words = (r: { body: { data: { list: Array<{ content: { text: string } }> } } }) => r.body.data.list.map((m) => m.content.text);
    const newest = await list({ toType: 1, toId: privateGroup, size: 3 }, b.token);
    expect(words(newest)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.body.data.hasMore).toBe(true);
    expect(newest.body.data.list.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
    const older = await list({ toType: 1, toId: privateGroup, beforeSeq: 5, size: 3 }, b.token);
    expect(words(older)).toEqual(['m2', 'm3', 'm4']);
    expect(older.body.data.hasMore).toBe(true);
    const oldest = await list({ toType: 1, toId: privateGroup, beforeSeq: 2, size: 3 }, b.token);
    expect(words(oldest)).toEqual(['m1']);
    expect(oldest.body.data.hasMore).toBe(false);
    const after = await list({ toType: 1, toId: privateGroup, afterSeq: 4, size: 2 }, b.token);
    expect(words(after)).toEqual(['m5', 'm6']);
    expect(after.body.data.hasMore).toBe(true);
    const between = await list({ toType: 1, toId: privateGroup, afterSeq: 2, beforeSeq: 5 }, b.token);
    expect(words(between)).toEqual(['m3', 'm4']);
    expect(between.body.data.hasMore).toBe(false);
    expect((await list({ toType: 1, toId: privateGroup }, b.token)).body.data.list).toHaveLength(7);
    const bad = await list({ toType: 1, toId: privateGroup, size: 500, afterSeq: -1 }, b.token);
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['afterSeq', 'size']);
  });

  it('shows messages without a token only for public groups, and members only their conversations', async () => {
    const anon = await list({ toType: 1, toId: publicGroup });
    expect(anon.status).toBe(200);
    expect(anon.body.data.list.map((m: { content: { text: string } }) => m.content.text)).toEqual(['pub1', 'pub2', 'pub3']);
    expect((await list({ toType: 1, toId: publicGroup }, d.token)).body.data.list).toHaveLength(3);
    expect((await list({ toType: 1, toId: privateGroup })).status).toBe(403);
    expect((await list({ toType: 1, toId: privateGroup }, d.token)).status).toBe(403);
    expect((await list({ toType: 0, toId: a.id })).status).toBe(403);
    expect((await list({ toType: 1, toId: 99999999 }, d.token)).status).toBe(404);
    // A private conversation: its two users only; d's own conversation with a is empty.
    await send(a, text(0, b.id, 'just for b'));
    expect((await list({ toType: 0, toId: a.id }, b.token)).body.data.list.map((m: { fromId: number }) => m.fromId)).toEqual([a.id]);
    expect((await list({ toType: 0, toId: a.id }, d.token)).body.data.list).toEqual([]);
    expect((await list({ toType: 0, toId: b.id }, d.token)).body.data.list).toEqual([]);
  });

  it('counts unread messages per conversation, newest first, and read marks only move forward', async () => {
    const [e] = await members(t, 1);
    const g = await group(t, a, [e, c]);
    await send(a, text(0, e.id, 'p1'));
    await send(a, text(0, e.id, 'p2'));
    await send(a, text(0, e.id, 'p3'));
    await send(e, text(1, g, 'mine'));
    await send(c, text(1, g, 'g1'));
    const last = await send(c, text(1, g, 'g2'));
    const convs = async () => (await post(t, '/admin/base/message/conversations', {}, e.token)).body.data as Array<Record<string, any>>;
    let mine = await convs();
    expect(mine.map((x) => [x.toType, x.toId, x.lastSeq, x.readSeq, x.unread])).toEqual([
      [1, g, 3, 0, 2],
      [0, a.id, 3, 0, 3],
    ]);
    expect(mine[0].lastMessage).toMatchObject({ id: last.id, content: { text: 'g2' } });
    expect(mine[0].conversation).toBe(`g:${g}`);

    const se = await client(e);
    const sa = await client(a);
    const read = await emitAck(se, 'read', { toType: 0, toId: a.id, seq: 2 });
    expect(read).toMatchObject({ code: 1000, data: { toType: 0, toId: a.id, seq: 2 } });
    // Read receipts: the reader's own sockets and the other side of the private chat.
    await waitNotice(se, 'read', (r) => r.toId === a.id && r.seq === 2 && r.userId === e.id);
    await waitNotice(sa, 'read', (r) => r.toId === e.id && r.seq === 2 && r.userId === e.id);
    const back = await post(t, '/admin/base/message/read', { toType: 0, toId: a.id, seq: 1 }, e.token);
    expect(back.body.data.seq).toBe(2);
    expect(await noticeWithin(sa, 'read', (r) => r.seq === 1)).toBe(false);
    const ahead = await post(t, '/admin/base/message/read', { toType: 1, toId: g, seq: 999 }, e.token);
    expect(ahead.body.data.seq).toBe(3);
    mine = await convs();
    expect(mine.map((x) => [x.toId, x.readSeq, x.unread])).toEqual([
      [g, 3, 0],
      [a.id, 2, 1],
    ]);
    expect(await rows(t, 'base/messageRead', { userId: e.id })).toHaveLength(2);
    expect((await post(t, '/admin/base/message/read', { toType: 1, toId: privateGroup, seq: 1 }, e.token)).status).toBe(403);
    expect((await post(t, '/admin/base/messageRead/page', {}, e.token)).status).toBe(403);
    await closeAll(se, sa);
  });

  it('lets the owner and a deputy send a team notice to every member, and refuses a plain member', async () => {
    const [sb, sc] = [await client(b), await client(c)];
    const res = await post(t, '/admin/base/message/sendTeamNotice', { groupId: privateGroup, content: 'meeting at 3' }, a.token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    expect(res.body.data).toMatchObject({ type: 9, toType: 1, toId: privateGroup, fromId: a.id, content: 'meeting at 3' });
    await waitNotice(sc, 'message', (m) => m.id === res.body.data.id);
    await waitNotice(sc, 'notify', (n) => n.type === 4 && n.content === 'meeting at 3');
    const notes = (await rows(t, 'base/notify', { type: 4 })).filter((n) => n.content === 'meeting at 3');
    expect(notes.map((n) => n.toId).sort()).toEqual([b.id, c.id].sort());
    expect(notes.map((n) => n.groupId)).toEqual([privateGroup, privateGroup]);
    // b is a deputy (onwerIds), c a plain member, d not in the group.
    expect((await post(t, '/admin/base/message/sendTeamNotice', { groupId: privateGroup, content: 'from the deputy' }, b.token)).body.code).toBe(1000);
    const byMember = await post(t, '/admin/base/message/sendTeamNotice', { groupId: privateGroup, content: 'not allowed' }, c.token);
    expect(byMember.status).toBe(403);
    expect((await post(t, '/admin/base/message/sendTeamNotice', { groupId: privateGroup, content: 'x' }, d.token)).status).toBe(403);
    expect((await rows(t, 'base/notify', { type: 4 })).filter((n) => n.content === 'not allowed')).toEqual([]);
    // A notice's type is not for ordinary sends.
    const forged = await emitAck(sc, 'sendMessage', { toType: 1, toId: privateGroup, type: 9, content: 'fake notice' });
    expect(forged.code).toBe(1002);
    // Nor are an AI run's types: a member cannot post a message dressed as an app's answer.
    for (const type of [20, 21, 22]) {
      const dressed = await emitAck(sc, 'sendMessage', { toType: 1, toId: privateGroup, type, content: 'fake answer' });
      expect(dressed.code).toBe(1002);
    }
    await closeAll(sb, sc);
  });
});
