/**
 * Read marks under floods (issue 35, item 11): a member's marks are rate limited (HTTP 429, socket
 * 1001), concurrent marks of one conversation never deadlock into a 500 / 1003, and marks are kept
 * only for conversations that exist and that the caller takes part in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, type Client } from '../helpers/sockets';
import { addMember, group, members, post, rows, text, type Person } from './chat-world';

const kinds = await databaseKinds();
const LIMIT = 60;

describe.each(kinds)('read marks under floods on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let g = 0;
  const open: Client[] = [];

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, CHAT_SEND_LIMIT: '1000/10' } });
    [a] = await members(t, 1);
    g = await group(t, a, []);
    for (let i = 1; i <= 5; i++) expect((await post(t, '/admin/base/message/add', text(1, g, `m${i}`), a.token)).body.code).toBe(1000);
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  /** A member of the group with nothing read yet, so the flood races to add the first mark. */
  async function reader(): Promise<Person> {
    const [p] = await members(t, 1);
    await addMember(t, g, p.id);
    return p;
  }

  it('answers 300 concurrent HTTP marks with success or 429 only, at most the limit stored once', async () => {
    const p = await reader();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => post(t, '/admin/base/message/read', { toType: 1, toId: g, seq: 1 + (i % 5) }, p.token)),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 429),
      JSON.stringify(answers.find((r) => r.status !== 200 && r.status !== 429)?.body),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMIT);
    expect(answers.find((r) => r.status === 429)?.body.code).toBe(1001);
    const marks = await rows(t, 'base/messageRead', { userId: p.id });
    expect(marks.map((m) => m.conversation)).toEqual([`g:${g}`]);
  });

  it('answers 1000 socket marks with success or the rate-limit refusal only', async () => {
    const p = await reader();
    const s = await connect(p.token);
    open.push(s);
    const acks = await Promise.all(Array.from({ length: 1000 }, (_, i) => emitAck(s, 'read', { toType: 1, toId: g, seq: 1 + (i % 5) }, 60_000)));
    const codes = acks.map((x) => x.code);
    expect(
      codes.filter((c) => c !== 1000 && c !== 1001),
      JSON.stringify(acks.find((x) => x.code !== 1000 && x.code !== 1001)),
    ).toEqual([]);
    expect(codes.filter((c) => c === 1000).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 1000).length).toBeLessThanOrEqual(LIMIT);
    expect(acks.find((x) => x.code === 1001)?.message).toBe('Too many read marks, please wait a moment');
    expect((await rows(t, 'base/messageRead', { userId: p.id })).map((m) => m.conversation)).toEqual([`g:${g}`]);
  });

  it("moves one member's mark from 300 concurrent calls without a deadlock when the limit lets them all through", async () => {
    const p = await reader();
    t.core.config.env.CHAT_READ_LIMIT = '100000/10';
    try {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => post(t, '/admin/base/message/read', { toType: 1, toId: g, seq: 1 + (i % 5) }, p.token)),
      );
      expect(answers.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    } finally {
      delete t.core.config.env.CHAT_READ_LIMIT;
    }
    expect((await rows(t, 'base/messageRead', { userId: p.id })).map((m) => [m.conversation, m.seq])).toEqual([[`g:${g}`, 5]]);
  });

  it('keeps no mark for a user who does not exist or a group the caller is not in', async () => {
    const [p] = await members(t, 1);
    const ghost = await post(t, '/admin/base/message/read', { toType: 0, toId: 987654321, seq: 3 }, p.token);
    expect(ghost.body, JSON.stringify(ghost.body)).toMatchObject({ code: 1000, data: { toType: 0, toId: 987654321, seq: 0 } });
    const publicGroup = await group(t, a, [], { type: 1 });
    expect((await post(t, '/admin/base/message/add', text(1, publicGroup, 'hello'), a.token)).body.code).toBe(1000);
    expect((await post(t, '/admin/base/message/read', { toType: 1, toId: publicGroup, seq: 1 }, p.token)).status).toBe(403);
    expect((await post(t, '/admin/base/message/read', { toType: 1, toId: g, seq: 1 }, p.token)).status).toBe(403);
    expect((await post(t, '/admin/base/message/read', { toType: 1, toId: 987654321, seq: 1 }, p.token)).status).toBe(404);
    expect(await rows(t, 'base/messageRead', { userId: p.id })).toEqual([]);
    // A private chat with messages is marked as before.
    expect((await post(t, '/admin/base/message/add', text(0, p.id, 'hi'), a.token)).body.code).toBe(1000);
    expect((await post(t, '/admin/base/message/read', { toType: 0, toId: a.id, seq: 1 }, p.token)).body.data.seq).toBe(1);
    expect((await rows(t, 'base/messageRead', { userId: p.id })).map((m) => [m.conversation, m.seq])).toEqual([
      [`p:${Math.min(a.id, p.id)}:${Math.max(a.id, p.id)}`, 1],
    ]);
  });
});
