/**
 * The chat's full-text search (issue 40): message/search finds English words and Chinese
 * two-character words, every term of a query at once, in the conversations the caller may read now
 * and nowhere else (a member who left finds nothing of the group, a late joiner finds its whole
 * history, a private chat only its two users); an edit re-indexes and a recall removes; messages
 * stored before are indexed by the backfill; bad input is a 1002; pages go on with beforeId.
 *
 * The edit and the recall are written here as the change path will write them (the row changed in
 * the database, then message-sent.ts messageChanged with the latest row): the search index only
 * listens to that event, so this is what it sees of the real edit and recall calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { addMember, group, members, post, removeMember, text, type Person } from './chat-world';
import { messageChanged } from '../../server/modules/chat/message-sent';
import { storedMessage } from '../../server/modules/chat/send-store';
import { backfillMessages, messageIndexIdle } from '../../server/modules/chat/search/message-index';
import { indexMark } from '../../server/modules/chat/search/search-index';
import { nowStored, toStored } from '../../server/core/crud/values';

const kinds = await databaseKinds();

interface Found {
  message: { id: number; content: unknown; conversation: string; recallTime?: unknown };
  toType: number;
  toId: number;
}

describe.each(kinds)('chat search on %s', (kind) => {
  let t: TestApp;
  let a: Person, b: Person, c: Person, d: Person;
  let team = 0;
  const ids: Record<string, number> = {};

  const send = async (from: Person, body: Record<string, unknown>) => {
    const res = await post(t, '/admin/base/message/add', body, from.token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return res.body.data as { id: number };
  };
  const search = async (who: Person, body: Record<string, unknown>) => {
    await messageIndexIdle(t.core);
    return post(t, '/admin/base/message/search', body, who.token);
  };
  /** The ids found (the call must succeed). */
  const found = async (who: Person, body: Record<string, unknown>): Promise<number[]> => {
    const res = await search(who, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return (res.body.data.list as Found[]).map((f) => f.message.id);
  };
  /** Writes a message's fields as the change path does, and answers its latest row. */
  const change = async (id: number, values: Record<string, unknown>) => {
    const e = t.core.model.byKey.get('base/message')!;
    const db = t.core.db;
    const names = Object.keys(values);
    await db.run(`UPDATE ${db.q(e.table)} SET ${names.map((n) => `${db.q(n)} = ?`).join(', ')} WHERE ${db.q('id')} = ?`, [
      ...names.map((n) => toStored(e.byName.get(n)!, values[n])),
      id,
    ]);
    return storedMessage(t.core, id);
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, CHAT_SEND_LIMIT: '1000/10' } });
    [a, b, c, d] = await members(t, 4);
    team = await group(t, a, [b, c]);
    ids.friday = (await send(a, text(1, team, 'We deploy the API on Friday'))).id;
    ids.chinese = (await send(b, text(1, team, '我们的项目今天上线'))).id;
    ids.lunch = (await send(c, text(1, team, 'lunch plans?'))).id;
    ids.secret = (await send(a, text(0, b.id, 'secret deploy plan for 项目 X'))).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds English words and Chinese two-character words in the caller’s groups and private chats, newest first', async () => {
    expect(await found(b, { q: 'deploy' })).toEqual([ids.secret, ids.friday]);
    expect(await found(b, { q: '项目' })).toEqual([ids.secret, ids.chinese]);
    expect(await found(b, { q: '今天上线' })).toEqual([ids.chinese]);
    // The last word as the start of a longer one; a single Chinese character within a word.
    expect(await found(b, { q: 'depl' })).toEqual([ids.secret, ids.friday]);
    expect(await found(b, { q: '线' })).toEqual([ids.chinese]);
    const res = await search(b, { q: 'DEPLOY' });
    const list = res.body.data.list as Found[];
    // Each result names its conversation as the caller does: the group, or the other user.
    expect(list.map((f) => [f.toType, f.toId])).toEqual([
      [0, a.id],
      [1, team],
    ]);
    expect(list[1].message.content).toEqual({ text: 'We deploy the API on Friday' });
    expect(res.body.data.hasMore).toBe(false);
  });

  it('asks for every term of the query', async () => {
    expect(await found(a, { q: 'deploy friday' })).toEqual([ids.friday]);
    expect(await found(a, { q: 'plan deploy' })).toEqual([ids.secret]);
    expect(await found(a, { q: 'deploy monday' })).toEqual([]);
    expect(await found(a, { q: '项目 deploy' })).toEqual([ids.secret]);
  });

  it('searches one conversation the caller may read, and refuses one they may not, as messageList does', async () => {
    expect(await found(b, { q: 'deploy', toType: 1, toId: team })).toEqual([ids.friday]);
    expect(await found(b, { q: 'deploy', toType: 0, toId: a.id })).toEqual([ids.secret]);
    // A third user: the private chat of a and b is not theirs, and a's group is closed to them.
    expect(await found(c, { q: 'secret' })).toEqual([]);
    expect(await found(d, { q: 'deploy' })).toEqual([]);
    expect(await found(d, { q: 'secret', toType: 0, toId: a.id })).toEqual([]);
    expect((await search(d, { q: 'deploy', toType: 1, toId: team })).status).toBe(403);
    expect((await search(d, { q: 'deploy', toType: 1, toId: 99_999_999 })).status).toBe(404);
    expect((await post(t, '/admin/base/message/search', { q: 'deploy' })).status).toBe(401);
  });

  it('finds a team notice', async () => {
    const res = await post(t, '/admin/base/message/sendTeamNotice', { groupId: team, content: { text: 'Rollout freeze next week' } }, a.token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    expect(await found(c, { q: 'rollout freeze' })).toEqual([res.body.data.id]);
  });

  it('finds an edited message by its new text only', async () => {
    const latest = await change(ids.friday, { content: { text: 'We ship the API on Monday' }, editTime: nowStored() });
    messageChanged(t.core, { kind: 'edit', change: 1, byId: a.id, message: latest });
    expect(await found(b, { q: 'friday' })).toEqual([]);
    expect(await found(b, { q: 'monday ship' })).toEqual([ids.friday]);
  });

  it('never finds a recalled message: its terms go, and a row recalled before its event is left out', async () => {
    const latest = await change(ids.lunch, { content: null, recallTime: nowStored(), recalledBy: c.id });
    messageChanged(t.core, { kind: 'recall', change: 2, byId: c.id, message: latest });
    expect(await found(b, { q: 'lunch' })).toEqual([]);
    const db = t.core.db;
    const terms = t.core.model.byKey.get('base/searchTerm')!;
    const left = await db.query(`SELECT ${db.q('id')} FROM ${db.q(terms.table)} WHERE ${db.q('source')} = ? AND ${db.q('sourceId')} = ?`, [
      'message',
      ids.lunch,
    ]);
    expect(left).toEqual([]);
    // Recalled in the database, its event not heard yet: the search reads the row and leaves it out.
    const quiet = (await send(b, text(1, team, 'quietly recalled words'))).id;
    await messageIndexIdle(t.core);
    await change(quiet, { content: null, recallTime: nowStored(), recalledBy: b.id });
    expect(await found(a, { q: 'quietly' })).toEqual([]);
  });

  it('shows a member who left nothing more of the group, and a late joiner its whole history', async () => {
    await removeMember(t, team, c.id);
    expect(await found(c, { q: 'ship' })).toEqual([]);
    expect((await search(c, { q: 'ship', toType: 1, toId: team })).status).toBe(403);
    await addMember(t, team, d.id);
    expect(await found(d, { q: '项目' })).toEqual([ids.chinese]);
    expect(await found(d, { q: 'monday', toType: 1, toId: team })).toEqual([ids.friday]);
    // Still not the private chat of a and b.
    expect(await found(d, { q: 'secret' })).toEqual([]);
  });

  it('pages newest first with beforeId', async () => {
    const sent: number[] = [];
    for (let i = 1; i <= 5; i++) sent.push((await send(a, text(1, team, `paging marker ${i}`))).id);
    const first = await search(b, { q: 'paging marker', size: 2 });
    expect((first.body.data.list as Found[]).map((f) => f.message.id)).toEqual([sent[4], sent[3]]);
    expect(first.body.data.hasMore).toBe(true);
    const second = await search(b, { q: 'paging marker', size: 2, beforeId: sent[3] });
    expect((second.body.data.list as Found[]).map((f) => f.message.id)).toEqual([sent[2], sent[1]]);
    expect(second.body.data.hasMore).toBe(true);
    const last = await search(b, { q: 'paging marker', size: 2, beforeId: sent[1] });
    expect((last.body.data.list as Found[]).map((f) => f.message.id)).toEqual([sent[0]]);
    expect(last.body.data.hasMore).toBe(false);
  });

  it('refuses bad input with 1002, naming each field', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const res = await search(a, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1002);
      return (res.body.data as Array<{ field: string }>).map((e) => e.field).sort();
    };
    expect(await fields({})).toEqual(['q']);
    expect(await fields({ q: '' })).toEqual(['q']);
    expect(await fields({ q: 'x'.repeat(101) })).toEqual(['q']);
    expect(await fields({ q: ' ?! ' })).toEqual(['q']);
    expect(await fields({ q: 'ok', size: 51, beforeId: -1 })).toEqual(['beforeId', 'size']);
    expect(await fields({ q: 'ok', toType: 1 })).toEqual(['toId']);
    expect(await fields({ q: 'ok', toType: 3, toId: 1 })).toEqual(['toType']);
    expect(await fields({ q: 'ok', other: 1 })).toEqual(['other']);
  });

  it('indexes the messages stored before in the background, from its mark on', async () => {
    // A message stored without the send path (an install from before search): no listener heard it.
    const messages = t.core.model.byKey.get('base/message')!;
    const db = t.core.db;
    const [{ top }] = await db.query<{ top: number }>(
      `SELECT MAX(${db.q('seq')}) AS ${db.q('top')} FROM ${db.q(messages.table)} WHERE ${db.q('conversation')} = ?`,
      [`g:${team}`],
    );
    const now = nowStored();
    const r = await db.run(
      `INSERT INTO ${db.q(messages.table)} (${['fromId', 'toId', 'toType', 'type', 'content', 'conversation', 'seq', 'createTime', 'updateTime'].map((n) => db.q(n)).join(', ')}) VALUES (?, ?, 1, 0, ?, ?, ?, ?, ?)`,
      [a.id, team, JSON.stringify({ text: 'archived backlog item' }), `g:${team}`, Number(top) + 1, now, now],
    );
    const old = Number(r.insertId);
    expect(await found(b, { q: 'backlog' })).toEqual([]);
    expect(await backfillMessages(t.core)).toBeGreaterThanOrEqual(1);
    expect(await indexMark(t.core, 'message')).toBeGreaterThanOrEqual(old);
    expect(await found(b, { q: 'backlog' })).toEqual([old]);
    expect(await backfillMessages(t.core)).toBe(0);
  });

  it('limits how often one member searches', async () => {
    const [e] = await members(t, 1);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await post(t, '/admin/base/message/search', { q: `try ${i}` }, e.token)).status);
    expect(codes.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
