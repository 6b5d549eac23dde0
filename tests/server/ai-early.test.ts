/**
 * A sync run asks the model once its checks have passed, while its request message, run row and
 * reservation are being written (server/modules/ai/early-answer.ts):
 * - EarlyAnswer on its own: pieces that come before the run exists are handed on in order; a
 *   cancelled question is cut off at the fake and its failure handled.
 * - On every database: a retry with a stored clientId answers the first run without asking the
 *   model again, even after the balance is spent; a member who cannot pay is refused before any
 *   question; five starts racing with one clientId make one run, charged once, and every
 *   question but the answered one is cut off.
 * - On MariaDB, with the member's row held by another connection (so the write waits): the fake is
 *   asked while the start is still waiting; released, the answer streams in and is paid once; a
 *   balance emptied meanwhile refuses the start with 1001, the question is cut off, nothing is
 *   written and nothing reaches the member. (SQLite's driver is synchronous: a write waiting for
 *   another connection's lock would hold the whole process, the fake included, so this part runs
 *   on MariaDB only.)
 */
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../server/core/core';
import { EarlyAnswer } from '../../server/modules/ai/early-answer';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, notices, waitNotice } from '../helpers/sockets';
import { member } from './chat-world';
import { addApp, balance, counts, ended, fund, ledgerOf, ok, post, startAiWorld, until, type AiWorld } from './ai-world';

/** How long to wait for something the server does at once on a quiet machine, but late on a busy one. */
const SLOW_MS = 50_000;

const kinds = await databaseKinds();
/** The default bounds (params aiMaxRunPrice, aiMaxTokens). */
const LIMITS = { maxRunPrice: 100, maxTokens: 4096 };
const RUN = '/admin/base/message/runWorkflow';

describe('EarlyAnswer', () => {
  let fake: FakeLlm;
  let core: Core;
  beforeAll(async () => {
    fake = await startFakeLlm();
    core = { config: { env: { ...fake.env(), LLM_MAX_RETRIES: '0' } } } as unknown as Core;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('holds the pieces that come before the run exists and hands them on in order', async () => {
    fake.reset().script({ answer: 'abcdefghijkl', chunkSize: 2, chunkDelayMs: 5 });
    const early = new EarlyAnswer(core, { systemPrompt: 'Be brief.' }, { topic: 'x' }, 10_000, LIMITS);
    // Let the first pieces arrive while nothing is attached.
    await until(
      async () => fake.chatCalls().length,
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 60));
    const got: string[] = [];
    early.attach((piece) => got.push(piece));
    const answer = await early.answer;
    expect(answer.text).toBe('abcdefghijkl');
    expect(got.join('')).toBe('abcdefghijkl');
    expect(fake.chatCalls()[0]!.chat!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: '{"topic":"x"}' },
    ]);
  });

  it(
    'cuts a cancelled question off at the model, and its failure is handled',
    async () => {
      // Held: the answer cannot finish before the cancel lands, however long that takes on a busy machine.
      fake.reset().script({ held: true });
      const early = new EarlyAnswer(core, {}, 'hello', 10_000, LIMITS);
      await until(
        async () => fake.chatCalls().length,
        (n) => n === 1,
      );
      early.cancel();
      await expect(early.answer).rejects.toMatchObject({ kind: 'aborted' });
      await until(
        async () => fake.chatCalls()[0]!.cut,
        (cut) => cut,
        SLOW_MS,
      );
    },
    SLOW_MS + 10_000,
  );
});

describe.each(kinds)('a sync run asks the model while it is being written on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const llm = () => w.llm!;

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('answers a retry with a stored clientId with the first run after the balance is spent, asking nothing again', async () => {
    const ida = await member(t());
    await fund(t(), ida.id, 3);
    const appId = await addApp(t(), { tokens: 3 });
    llm().reset();
    const first = ok(await post(t(), RUN, { appId, input: 'once', clientId: 'ida-1' }, ida.token));
    expect(first.balance).toBe(0);
    await ended(t(), first.runId);
    const again = ok(await post(t(), RUN, { appId, input: 'once', clientId: 'ida-1' }, ida.token));
    expect(again).toMatchObject({ runId: first.runId, cost: 3, balance: 0 });
    expect(again.message.id).toBe(first.message.id);
    expect(llm().chatCalls()).toHaveLength(1);
    expect(await ledgerOf(t(), first.runId)).toHaveLength(1);
  });

  it(
    'charges once when five starts with one clientId race, each asked question but one cut off',
    async () => {
      const max = await member(t());
      await fund(t(), max.id, 10);
      const appId = await addApp(t(), { tokens: 2 });
      // Every answer held until the four questions that lost the race are cut off, so none of them can be
      // answered in full first (as a slow machine let happen with a fixed 100 ms delay); then the winner's flows.
      llm().reset().script({ answer: 'only once', held: true });
      // A start answers its run id without waiting for the model, so all five answer while the answers are held.
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(t(), RUN, { appId, input: 'race', clientId: 'max-1' }, max.token)));
      const calls = await until(
        async () => llm().chatCalls(),
        (c) => c.length >= 1 && c.filter((x) => !x.cut).length === 1,
        SLOW_MS,
      );
      expect(calls.length).toBeGreaterThanOrEqual(1);
      llm().release();
      const runIds = answers.map((r) => ok(r).runId as number);
      expect(new Set(runIds).size).toBe(1);
      const run = await ended(t(), runIds[0]!);
      expect(run.status).toBe(1);
      expect(await ledgerOf(t(), runIds[0]!)).toHaveLength(1);
      expect(await balance(t(), max.id)).toBe(8);
      expect(
        llm()
          .chatCalls()
          .filter((x) => !x.cut),
      ).toHaveLength(1);
      const [row] = await t().core.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM `base_message` WHERE `fromId` = ? AND `type` IN (20, 21)', [max.id]);
      expect(Number(row!.n)).toBe(2);
    },
    SLOW_MS + 30_000,
  );

  it('refuses a member who cannot pay before asking the model', async () => {
    const jo = await member(t());
    await fund(t(), jo.id, 1);
    const appId = await addApp(t(), { tokens: 2 });
    llm().reset();
    const res = await post(t(), RUN, { appId, input: 'hi' }, jo.token);
    expect(res.body).toMatchObject({ code: 1001, message: 'Not enough tokens: this run costs 2, your balance is 1' });
    expect(llm().chatCalls()).toHaveLength(0);
  });

  describe.runIf(kind === 'mysql')('with the member row held by another connection', () => {
    const userTable = () => t().core.model.system('users').table;

    /** Another connection that holds the member's row until `release` (which may change it first). */
    async function hold(userId: number) {
      const c = await mysql.createConnection(t().db.url);
      await c.query('SET SESSION innodb_lock_wait_timeout = 30');
      await c.beginTransaction();
      await c.query(`SELECT \`id\` FROM \`${userTable()}\` WHERE \`id\` = ? FOR UPDATE`, [userId]);
      return {
        async release(change?: string) {
          try {
            if (change) await c.query(`UPDATE \`${userTable()}\` SET ${change} WHERE \`id\` = ?`, [userId]);
            await c.commit();
          } finally {
            await c.end();
          }
        },
      };
    }

    it('asks the model while the start waits for the row, then streams the answer and charges once', async () => {
      const kim = await member(t());
      await fund(t(), kim.id, 5);
      const appId = await addApp(t(), { tokens: 2 });
      llm().reset().script({ answer: 'early bird', chunkSize: 3, firstChunkDelayMs: 20 });
      const s = await connect(kim.token);
      const lock = await hold(kim.id);
      let released = false;
      try {
        const pending = (async () => post(t(), RUN, { appId, input: 'who is first?' }, kim.token))();
        let answered = false;
        void pending.then(() => (answered = true));
        // The question goes out although the run cannot be written yet.
        await until(
          async () => llm().chatCalls().length,
          (n) => n === 1,
        );
        expect(answered).toBe(false);
        expect(notices(s).some((n) => n.kind === 'delta')).toBe(false);
        await lock.release();
        released = true;
        const started = ok(await pending);
        expect(started).toMatchObject({ cost: 2, balance: 3 });
        const answer = await waitNotice(s, 'message', (m) => m.type === 21 && m.relateId === started.runId);
        expect(answer.data.content).toBe('early bird');
        const deltas = notices(s).filter((n) => n.kind === 'delta' && n.data.runId === started.runId);
        expect(deltas.map((d) => d.data.text).join('')).toBe('early bird');
        expect(deltas.map((d) => d.data.index)).toEqual(deltas.map((_, i) => i));
        expect((await ended(t(), started.runId)).status).toBe(1);
        expect(await balance(t(), kim.id)).toBe(3);
        expect(await ledgerOf(t(), started.runId)).toHaveLength(1);
        expect(llm().chatCalls()).toHaveLength(1);
      } finally {
        if (!released) await lock.release();
        await closeAll(s);
      }
    });

    it(
      'cuts the question off when the balance is gone by the time the row is free, writing and delivering nothing',
      async () => {
        const lee = await member(t());
        await fund(t(), lee.id, 5);
        const appId = await addApp(t(), { tokens: 2 });
        llm().reset().script({ answer: 'never seen', held: true });
        const s = await connect(lee.token);
        const before = await counts(t());
        const lock = await hold(lee.id);
        let released = false;
        try {
          const pending = (async () => post(t(), RUN, { appId, input: 'too late' }, lee.token))();
          await until(
            async () => llm().chatCalls().length,
            (n) => n === 1,
          );
          // Spent elsewhere meanwhile (written straight to the row, so this member's ledger no longer adds up;
          // no test of this file checks ledgers).
          await lock.release('`tokens` = 0');
          released = true;
          const res = await pending;
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject({ code: 1001, message: 'Not enough tokens: this run costs 2, your balance is 0' });
          await until(
            async () => llm().chatCalls()[0]!.cut,
            (cut) => cut,
            SLOW_MS,
          );
          expect(await counts(t())).toEqual(before);
          // Answers let go: had the cut-off question's answer been handed on, its pieces would arrive now.
          llm().release();
          await new Promise((r) => setTimeout(r, 500));
          expect(notices(s).filter((n) => n.kind === 'delta' || n.kind === 'message')).toEqual([]);
        } finally {
          if (!released) await lock.release();
          await closeAll(s);
        }
      },
      SLOW_MS + 30_000,
    );
  });
});
