/**
 * Changes of sent messages (issue 40), on SQLite and MariaDB with real socket.io clients: replies
 * with quotes, edits, recalls (own within the window, a group's owner or deputy any time, the
 * console's delete for everyone), reactions (toggled, raced), pins, typing, mute and readers; each
 * change numbered apart from the messages and caught up through `sync` after a disconnect, in
 * order, once. Refusals: someone else's message, after the window, a group one has left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, noticeWithin, waitNotice, type Client } from '../helpers/sockets';
import { group, members, post, removeMember, rows, text, type Person } from './chat-world';

const kinds = await databaseKinds();

describe.each(kinds)('changes of sent messages on %s', (kind) => {
  let t: TestApp;
  let owner: Person, deputy: Person, bob: Person, carol: Person, dan: Person, eve: Person;
  let g = 0;
  const open: Client[] = [];
  const client = async (p: Person) => {
    const s = await connect(p.token);
    open.push(s);
    return s;
  };
  const call = async (path: string, body: unknown, p: Person | string) =>
    (await post(t, `/admin/base/message/${path}`, body, typeof p === 'string' ? p : p.token)).body;
  const send = async (from: Person, body: Record<string, unknown>) => {
    const res = await call('add', body, from);
    expect(res.code, JSON.stringify(res)).toBe(1000);
    return res.data;
  };
  const page = async (p: Person, target = { toType: 1, toId: g }) => (await call('messageList', target, p)).data;
  const byId = async (p: Person, id: number) => (await page(p)).list.find((m: { id: number }) => m.id === id);

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, CHAT_SEND_LIMIT: '1000/10' } });
    [owner, deputy, bob, carol, dan, eve] = await members(t, 6);
    g = await group(t, owner, [deputy, bob, carol, dan], { onwerIds: [deputy.id] });
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it('a reply carries a quote of what it answers, over the socket and in history; another conversation is refused', async () => {
    const s = await client(carol);
    const asked = await send(bob, text(1, g, 'Who has the project plan?'));
    const ack = await emitAck(await client(deputy), 'sendMessage', { ...text(1, g, 'I do'), replyTo: asked.id });
    expect(ack.code, JSON.stringify(ack)).toBe(1000);
    const seen = await waitNotice(s, 'message', (m) => m.id === ack.data.id);
    expect(seen.data.replyTo).toBe(asked.id);
    expect(seen.data.reply).toMatchObject({ id: asked.id, seq: asked.seq, fromId: bob.id, text: 'Who has the project plan?', recalled: false });
    expect((await byId(carol, ack.data.id)).reply).toMatchObject({ id: asked.id, text: 'Who has the project plan?' });
    const elsewhere = await send(bob, text(0, carol.id, 'private'));
    const refused = await call('add', { ...text(1, g, 'x'), replyTo: elsewhere.id }, bob);
    expect(refused.code).toBe(1002);
    expect(refused.data.map((e: { field: string }) => e.field)).toEqual(['replyTo']);
  });

  it('the sender edits their text; everyone gets it marked edited; others, other types and empty texts are refused', async () => {
    const s = await client(carol);
    const m = await send(bob, text(1, g, 'teh plan'));
    const edited = await call('edit', { id: m.id, content: 'the plan' }, bob);
    expect(edited.code, JSON.stringify(edited)).toBe(1000);
    expect(edited.data).toMatchObject({ id: m.id, content: 'the plan', seq: m.seq });
    expect(edited.data.editTime).toBeTruthy();
    const notice = await waitNotice(s, 'change', (c) => c.message.id === m.id && c.kind === 'edit');
    expect(notice.data).toMatchObject({ kind: 'edit', byId: bob.id, message: { content: 'the plan' } });
    expect(notice.data.change).toBe(edited.data.changeSeq);
    expect((await byId(carol, m.id)).content).toBe('the plan');
    // Not one's own, not text, empty: refused, nothing changed.
    expect((await post(t, '/admin/base/message/edit', { id: m.id, content: 'mine now' }, carol.token)).status).toBe(403);
    const card = await send(bob, { toType: 1, toId: g, type: 5, content: { card: 1 } });
    expect((await post(t, '/admin/base/message/edit', { id: card.id, content: 'x' }, bob.token)).status).toBe(400);
    const empty = await call('edit', { id: m.id, content: '   ' }, bob);
    expect(empty.code).toBe(1002);
    expect((await post(t, '/admin/base/message/edit', { id: 99999999, content: 'x' }, bob.token)).status).toBe(404);
    expect((await byId(carol, m.id)).content).toBe('the plan');
  });

  it('recalls: own within the window, not after it; the owner and deputies any message; the content is served no more', async () => {
    const s = await client(dan);
    const m = await send(bob, text(1, g, `secret for @${carol.username}`, { at: [carol.id] }));
    const [mention] = (await rows(t, 'base/notify', { toId: carol.id })).filter((n) => n.messageId === m.id);
    expect(mention.content).toContain('secret');
    const recalled = await call('recall', { id: m.id }, bob);
    expect(recalled.code, JSON.stringify(recalled)).toBe(1000);
    expect(recalled.data).toMatchObject({ id: m.id, content: null, recalledBy: bob.id });
    await waitNotice(s, 'change', (c) => c.message.id === m.id && c.kind === 'recall' && c.message.content === null);
    const shown = await byId(dan, m.id);
    expect(shown.content).toBeNull();
    expect(shown.recallTime).toBeTruthy();
    const [blanked] = (await rows(t, 'base/notify', { toId: carol.id })).filter((n) => n.messageId === m.id);
    expect(blanked.content).toBeNull();
    // A reply to it now quotes "recalled"; a new reply to it is refused.
    expect((await call('add', { ...text(1, g, 're'), replyTo: m.id }, carol)).code).toBe(1002);

    // Past the window: refused to the sender, allowed to the owner and a deputy.
    const old = await send(bob, text(1, g, 'old words'));
    const table = t.core.db.q(t.core.model.byKey.get('base/message')!.table);
    await t.core.db.query(`UPDATE ${table} SET ${t.core.db.q('createTime')} = ? WHERE ${t.core.db.q('id')} = ?`, ['2020-01-01 00:00:00.000', old.id]);
    const late = await post(t, '/admin/base/message/recall', { id: old.id }, bob.token);
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/2/);
    expect((await post(t, '/admin/base/message/recall', { id: old.id }, carol.token)).status).toBe(403);
    expect((await call('recall', { id: old.id }, deputy)).code).toBe(1000);
    const other = await send(carol, text(1, g, 'off topic'));
    expect((await call('recall', { id: other.id }, owner)).code).toBe(1000);
    // Recalling again changes nothing and takes no number.
    const again = await call('recall', { id: other.id }, owner);
    expect(again.code).toBe(1000);
    expect((await rows(t, 'base/messageChange', { messageId: other.id })).length).toBe(1);
  });

  it("the console's delete recalls for everyone, keeping the message's number", async () => {
    const s = await client(carol);
    const m = await send(bob, text(1, g, 'spam'));
    const res = await post(t, '/admin/base/message/delete', { ids: [m.id, 99999999] }, t.adminToken);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    expect(res.body.data.count).toBe(1);
    await waitNotice(s, 'change', (c) => c.message.id === m.id && c.kind === 'recall');
    const shown = await byId(carol, m.id);
    expect(shown).toMatchObject({ seq: m.seq, content: null });
    // A member may not use it.
    expect((await post(t, '/admin/base/message/delete', { ids: [m.id] }, bob.token)).status).toBe(403);
  });

  it('reactions toggle per member, never twice, and five members reacting at once all count', async () => {
    const s = await client(owner);
    const m = await send(bob, text(1, g, 'ship it?'));
    const on = await call('react', { id: m.id, emoji: 'like' }, carol);
    expect(on.data.reactions).toEqual({ like: [carol.id] });
    await waitNotice(s, 'change', (c) => c.message.id === m.id && c.kind === 'react');
    // Set again: nothing changes, no number taken (a retried packet).
    const twice = await call('react', { id: m.id, emoji: 'like', on: true }, carol);
    expect(twice.data.changeSeq).toBe(on.data.changeSeq);
    const off = await call('react', { id: m.id, emoji: 'like' }, carol);
    expect(off.data.reactions).toBeNull();
    const racers = [owner, deputy, bob, carol, dan];
    const all = await Promise.all(racers.map((p) => call('react', { id: m.id, emoji: 'celebrate', on: true }, p)));
    expect(all.every((r) => r.code === 1000)).toBe(true);
    expect([...(await byId(owner, m.id)).reactions.celebrate].sort((x: number, y: number) => x - y)).toEqual(racers.map((p) => p.id).sort((x, y) => x - y));
    const numbers = (await rows(t, 'base/messageChange', { messageId: m.id })).map((r) => r.changeSeq).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect((await call('react', { id: m.id, emoji: 'nope' }, carol)).code).toBe(1002);
    expect((await post(t, '/admin/base/message/react', { id: m.id, emoji: 'like' }, eve.token)).status).toBe(403);
  });

  it('only the owner or a deputy pins in a group; pins lists them; a member who left may not react or pin', async () => {
    const m = await send(bob, text(1, g, 'Meeting at 10'));
    expect((await post(t, '/admin/base/message/pin', { id: m.id, pinned: true }, bob.token)).status).toBe(403);
    expect((await call('pin', { id: m.id, pinned: true }, deputy)).data.pinnedBy).toBe(deputy.id);
    const pins = await call('pins', { toType: 1, toId: g }, carol);
    expect(pins.data.map((p: { id: number }) => p.id)).toContain(m.id);
    expect((await post(t, '/admin/base/message/pins', { toType: 1, toId: g }, eve.token)).status).toBe(403);
    expect((await call('pin', { id: m.id, pinned: false }, owner)).data.pinTime).toBeNull();
    expect((await call('pins', { toType: 1, toId: g }, carol)).data.map((p: { id: number }) => p.id)).not.toContain(m.id);
    // In a private chat either user pins.
    const dm = await send(bob, text(0, eve.id, 'our note'));
    expect((await call('pin', { id: dm.id, pinned: true }, eve)).code).toBe(1000);

    const g2 = await group(t, owner, [eve]);
    const there = await send(owner, text(1, g2, 'hello'));
    await removeMember(t, g2, eve.id);
    expect((await post(t, '/admin/base/message/react', { id: there.id, emoji: 'like' }, eve.token)).status).toBe(403);
    expect((await post(t, '/admin/base/message/edit', { id: there.id, content: 'x' }, eve.token)).status).toBe(403);
  });

  it('sync after a disconnect gives every change after the last held number, in order, once, with the latest state', async () => {
    const m1 = await send(bob, text(1, g, 'first'));
    const m2 = await send(bob, text(1, g, 'second'));
    const m3 = await send(bob, text(1, g, 'third'));
    const before = await page(carol);
    const from = before.lastChange as number;
    // Carol is away while three changes happen (on one message twice).
    await call('edit', { id: m1.id, content: 'first, edited' }, bob);
    await call('react', { id: m2.id, emoji: 'love' }, dan);
    await call('recall', { id: m3.id }, bob);
    await call('edit', { id: m1.id, content: 'first, edited twice' }, bob);
    const s = await client(carol);
    const ack = await emitAck(s, 'sync', { since: [{ toType: 1, toId: g, afterSeq: before.list.at(-1).seq, afterChange: from }] });
    expect(ack.code, JSON.stringify(ack)).toBe(1000);
    const [synced] = ack.data;
    expect(synced.changes.map((c: { kind: string }) => c.kind)).toEqual(['edit', 'react', 'recall', 'edit']);
    expect(synced.changes.map((c: { change: number }) => c.change)).toEqual([from + 1, from + 2, from + 3, from + 4]);
    expect(synced.changes[0].message.content).toBe('first, edited twice');
    expect(synced.changes[1].message.reactions).toEqual({ love: [dan.id] });
    expect(synced.changes[2].message.content).toBeNull();
    expect(synced.changesMore).toBe(false);
    const none = await emitAck(s, 'sync', { since: [{ toType: 1, toId: g, afterSeq: 0, afterChange: from + 4 }] });
    expect(none.data[0].changes).toEqual([]);
    // Messages keep their own numbering: the changes took none of it.
    expect(synced.list).toEqual([]);
    expect((await page(carol)).lastChange).toBe(from + 4);
    const conversations = await call('conversations', {}, carol);
    expect(conversations.data.find((c: { toType: number; toId: number }) => c.toType === 1 && c.toId === g).lastChange).toBe(from + 4);
    const bad = await emitAck(s, 'sync', { since: [{ toType: 1, toId: g, afterSeq: 0, afterChange: -2 }] });
    expect(bad.code).toBe(1002);
  });

  it('an edit and a recall through their calls update the search index', async () => {
    const m = await send(bob, text(1, g, 'the zebra crossing plan'));
    const found = async (q: string) =>
      ((await call('search', { q, toType: 1, toId: g }, carol)).data?.list ?? []).map((h: { message: { id: number } }) => h.message.id);
    await expect.poll(() => found('zebra'), { timeout: 10_000 }).toContain(m.id);
    expect((await call('edit', { id: m.id, content: 'the giraffe crossing plan' }, bob)).code).toBe(1000);
    await expect.poll(() => found('giraffe'), { timeout: 10_000 }).toContain(m.id);
    await expect.poll(() => found('zebra'), { timeout: 10_000 }).not.toContain(m.id);
    expect((await call('recall', { id: m.id }, bob)).code).toBe(1000);
    await expect.poll(() => found('giraffe'), { timeout: 10_000 }).not.toContain(m.id);
    // Its terms are gone from the index, not only filtered out of the answer.
    const q = t.core.db.q.bind(t.core.db);
    const left = async () =>
      (
        await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('base_search_term')} WHERE ${q('source')} = ? AND ${q('sourceId')} = ?`, [
          'message',
          m.id,
        ])
      )[0].n;
    await expect.poll(async () => Number(await left()), { timeout: 10_000 }).toBe(0);
  });

  it('the changes over the socket: edit, react, pin, recall answer through the ack', async () => {
    const s = await client(bob);
    const m = await send(bob, text(1, g, 'over the socket'));
    expect((await emitAck(s, 'editMessage', { id: m.id, content: 'over the socket, edited' })).data.content).toBe('over the socket, edited');
    expect((await emitAck(s, 'react', { id: m.id, emoji: 'eyes', on: true })).data.reactions).toEqual({ eyes: [bob.id] });
    expect((await emitAck(s, 'pin', { id: m.id, pinned: true })).code).toBe(1001);
    expect((await emitAck(s, 'recallMessage', { id: m.id })).data.content).toBeNull();
    expect((await emitAck(s, 'editMessage', { id: m.id })).code).toBe(1002);
  });

  it('typing reaches the others, is throttled, stored nowhere, and refused outside the group', async () => {
    const watcher = await client(carol);
    const typist = await client(dan);
    const first = await emitAck(typist, 'typing', { toType: 1, toId: g });
    expect(first.data).toEqual({ sent: true });
    const seen = await waitNotice(watcher, 'typing', (d) => d.userId === dan.id);
    expect(seen.data).toEqual({ toType: 1, toId: g, userId: dan.id });
    expect((await emitAck(typist, 'typing', { toType: 1, toId: g })).data).toEqual({ sent: false });
    expect((await post(t, '/admin/base/message/typing', { toType: 1, toId: g }, eve.token)).status).toBe(403);
    // A private chat: the other user hears it, named by the typist.
    const bobSocket = await client(bob);
    expect((await call('typing', { toType: 0, toId: bob.id }, dan)).data.sent).toBe(true);
    expect((await waitNotice(bobSocket, 'typing', (d) => d.userId === dan.id && d.toType === 0)).data.toId).toBe(dan.id);
    expect(await noticeWithin(watcher, 'typing', (d) => d.toType === 0, 300)).toBe(false);
  });

  it('mute is the caller’s own and conversations answer it; readers say how far each member read', async () => {
    const m = await send(bob, text(1, g, 'read me'));
    expect((await call('mute', { toType: 1, toId: g, muted: true }, carol)).data).toEqual({ toType: 1, toId: g, muted: true });
    const mine = (await call('conversations', {}, carol)).data.find((c: { toId: number; toType: number }) => c.toType === 1 && c.toId === g);
    expect(mine.muted).toBe(true);
    const theirs = (await call('conversations', {}, dan)).data.find((c: { toId: number; toType: number }) => c.toType === 1 && c.toId === g);
    expect(theirs.muted).toBe(false);
    expect((await call('mute', { toType: 1, toId: g, muted: false }, carol)).data.muted).toBe(false);
    expect((await post(t, '/admin/base/message/mute', { toType: 1, toId: g, muted: true }, eve.token)).status).toBe(403);

    expect((await call('read', { toType: 1, toId: g, seq: m.seq }, carol)).code).toBe(1000);
    const readers = await call('readers', { toType: 1, toId: g }, bob);
    expect(readers.data).toContainEqual({ userId: carol.id, seq: m.seq });
    expect((await post(t, '/admin/base/message/readers', { toType: 1, toId: g }, eve.token)).status).toBe(403);
  });
});
