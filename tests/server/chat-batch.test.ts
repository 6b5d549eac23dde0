/**
 * Group commit of the send path (server/modules/chat/send-store.ts), on every database: many
 * messages sent to one conversation at once are numbered 1..n without a gap or a repeat, each send
 * answers its own stored message, each is delivered once and in order; a clientId sent twice inside
 * one batch stores once; a message whose extra writes fail fails alone while the rest of its batch
 * is stored; a batch stores in fewer transactions than it has messages.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import type { AuthUser, Row } from '../../server/core/entity/define';
import { sendMessage } from '../../server/modules/chat/send.service';
import { OpTransaction } from '../../server/core/crud/op-transaction';
import { group, members, type Person } from './chat-world';

const kinds = await databaseKinds();

describe.each(kinds)('chat group commit on %s', (kind) => {
  let t: TestApp;
  let people: Person[];
  let users: AuthUser[];
  let g: number;

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, CHAT_SEND_LIMIT: '1000/10' } });
    people = await members(t, 6);
    users = await Promise.all(people.map((p) => t.core.auth.authenticate(p.token) as Promise<AuthUser>));
    g = await group(t, people[0], people.slice(1));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const rowsOf = async (groupId: number) =>
    (await t.core.ops.list(t.core.model.byKey.get('base/message')!, { toType: 1, toId: groupId, order: 'id', sort: 'asc' }, {
      ...users[0],
      isAdmin: true,
    } as AuthUser)) as Row[];

  it('numbers 60 concurrent sends of one conversation 1..60, answers each its own message and delivers each once, in order', async () => {
    const room = await group(t, people[0], people.slice(1));
    const delivered: number[] = [];
    const spy = vi.spyOn(t.core.realtime, 'toGroup').mockImplementation((id, notice) => {
      if (id === room) delivered.push(Number((notice.data as Row).seq));
    });
    const runs = vi.spyOn(OpTransaction.prototype, 'nextNumbers');
    const singles = vi.spyOn(OpTransaction.prototype, 'nextNumber');
    const sends = Array.from({ length: 60 }, (_, i) =>
      sendMessage(t.core, users[i % users.length], { toType: 1, toId: room, content: `m${i}`, clientId: `batch-${i}` }),
    );
    const results = await Promise.all(sends);
    results.forEach((r, i) => {
      expect(r.created).toBe(true);
      expect(r.message).toMatchObject({ content: `m${i}`, fromId: users[i % users.length].id, clientId: `batch-${i}` });
    });
    expect(results.map((r) => Number(r.message.seq)).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
    expect(new Set(delivered).size).toBe(60);
    // Grouped: fewer numberings (one per transaction) than messages, runs of several among them.
    const counts = runs.mock.calls.map(([, n]) => Number(n));
    expect(counts.reduce((a, b) => a + b, 0) + singles.mock.calls.length).toBe(60);
    expect(Math.max(...counts)).toBeGreaterThan(1);
    expect(counts.length + singles.mock.calls.length).toBeLessThan(60);
    spy.mockRestore();
    runs.mockRestore();
    singles.mockRestore();
    const stored = await rowsOf(room);
    expect(stored.map((r) => Number(r.seq)).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('stores a clientId sent twice inside one batch once, and the rest of the batch too', async () => {
    const sends = [
      sendMessage(t.core, users[1], { toType: 1, toId: g, content: 'first', clientId: 'lead' }),
      sendMessage(t.core, users[2], { toType: 1, toId: g, content: 'twice', clientId: 'dup-1' }),
      sendMessage(t.core, users[3], { toType: 1, toId: g, content: 'other', clientId: 'x-1' }),
      sendMessage(t.core, users[2], { toType: 1, toId: g, content: 'twice', clientId: 'dup-1' }),
      sendMessage(t.core, users[4], { toType: 1, toId: g, content: 'last', clientId: 'x-2' }),
    ];
    const results = await Promise.all(sends);
    expect(results[1].message.id).toBe(results[3].message.id);
    expect([results[1].created, results[3].created].sort()).toEqual([false, true]);
    const stored = (await rowsOf(g)).filter((r) => ['lead', 'dup-1', 'x-1', 'x-2'].includes(String(r.clientId)));
    expect(stored).toHaveLength(4);
    const seqs = (await rowsOf(g)).map((r) => Number(r.seq)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('fails only the message whose extra writes fail; the others of its batch are stored', async () => {
    const before = (await rowsOf(g)).length;
    const sends = [
      sendMessage(t.core, users[0], { toType: 1, toId: g, content: 'opens', clientId: 'f-0' }),
      sendMessage(t.core, users[1], { toType: 1, toId: g, content: 'fine', clientId: 'f-1' }),
      sendMessage(
        t.core,
        users[2],
        { toType: 1, toId: g, content: 'broken', clientId: 'f-2' },
        {
          within: async () => {
            throw new Error('extra write failed');
          },
        },
      ),
      sendMessage(t.core, users[3], { toType: 1, toId: g, content: 'fine too', clientId: 'f-3' }),
    ];
    const settled = await Promise.allSettled(sends);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const after = await rowsOf(g);
    expect(after.length).toBe(before + 3);
    expect(after.some((r) => r.content === 'broken')).toBe(false);
    const seqs = after.map((r) => Number(r.seq)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });
});
