/**
 * What the AI run tests share: the app booted with a fake LLM and/or a fake workflow engine (real
 * HTTP servers on 127.0.0.1), apps added by the administrator, members paid in tokens through the
 * real ledger, and counts of what a refused call must not have written.
 */
import { expect } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { startFakeWorkflow, type FakeWorkflow } from '../helpers/fake-workflow';
import { serverUrl } from '../helpers/sockets';
import { SYSTEM } from '../../server/core/entity/access';
import { moveTokens, TOKEN_KIND } from '../../server/modules/commerce/ledger/ledger.service';
import { toUnits } from '../../server/modules/commerce/pay/money';
import { syncRunsDone } from '../../server/modules/ai/sync-run.service';

export interface AiWorld {
  t: TestApp;
  llm: FakeLlm | null;
  engine: FakeWorkflow | null;
  close(): Promise<void>;
}

export type Res = { status: number; body: { code: number; message: string; data: any } };

/**
 * The app with the fakes asked for (an absent one is simply not configured) and high rate limits, so
 * the concurrency tests measure the run path, not the limiter. PUBLIC_URL is the app's own listening
 * address (known once it listens), so the engine's callbacks reach it over real HTTP.
 */
export async function startAiWorld(kind: 'sqlite' | 'mysql', opts: { llm?: boolean; workflow?: boolean; env?: Record<string, string> } = {}): Promise<AiWorld> {
  const llm = opts.llm ? await startFakeLlm() : null;
  const engine = opts.workflow ? await startFakeWorkflow() : null;
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...(llm?.env() ?? {}),
    ...(engine?.env() ?? {}),
    AI_RUN_LIMIT: '10000/10',
    LLM_RETRY_BASE_MS: '10',
    ...opts.env,
  };
  const t = await startApp(kind, { env });
  env.PUBLIC_URL = await serverUrl();
  return {
    t,
    llm,
    engine,
    async close() {
      await syncRunsDone(t.core);
      await t.close();
      await llm?.close();
      await engine?.close();
    },
  };
}

export function post(t: TestApp, path: string, body: unknown, token?: string | null): Promise<Res> {
  const r = t.http().post(path);
  if (token) r.set('Authorization', token);
  return r.send(body as object) as unknown as Promise<Res>;
}

export function get(t: TestApp, path: string, query: Record<string, string | number> = {}, token?: string | null): Promise<Res> {
  const r = t.http().get(path).query(query);
  if (token) r.set('Authorization', token);
  return r as unknown as Promise<Res>;
}

export function ok(res: Res): any {
  expect(res.body, `HTTP ${res.status}`).toMatchObject({ code: 1000 });
  return res.body.data;
}

/** An app added by the administrator; answers its id. */
export async function addApp(t: TestApp, fields: Record<string, unknown>): Promise<number> {
  return ok(
    await post(t, '/admin/base/app/add', { name: `App ${Math.random().toString(36).slice(2, 8)}`, tokens: 2, show: 1, isAsync: 0, ...fields }, t.adminToken),
  ).id;
}

/** Gives a member tokens through the ledger (an adjustment entry), as the console would. */
export async function fund(t: TestApp, userId: number, tokens: number): Promise<void> {
  await t.core.ops.transaction(SYSTEM, (tx) =>
    moveTokens(t.core, tx, { userId, balance: 'tokens', units: toUnits(tokens), kind: TOKEN_KIND.adjust, relateType: 'test' }),
  );
}

export async function balance(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.core.db.query<{ tokens: unknown }>('SELECT `tokens` FROM `base_sys_user` WHERE `id` = ?', [userId]);
  return toUnits(row.tokens) / 10_000;
}

export async function runRow(t: TestApp, id: number): Promise<Record<string, any>> {
  const [row] = await t.core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `id` = ?', [id]);
  return row;
}

export async function ledgerOf(t: TestApp, runId: number): Promise<Array<Record<string, any>>> {
  return t.core.db.query('SELECT * FROM `base_token_log` WHERE `relateType` = ? AND `relateId` = ? ORDER BY `id`', ['run', runId]);
}

/** Rows of the tables a run writes, to prove a refused call wrote nothing. */
export async function counts(t: TestApp): Promise<{ runs: number; messages: number; ledger: number }> {
  const n = async (table: string) => Number((await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM \`${table}\``))[0].n);
  return { runs: await n('base_run'), messages: await n('base_message'), ledger: await n('base_token_log') };
}

/** Polls `read` until `done` accepts its value (or fails after `ms`). */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms; last value ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The run once it has ended (status 1 or 2). */
export function ended(t: TestApp, id: number): Promise<Record<string, any>> {
  return until(
    () => runRow(t, id),
    (r) => Number(r?.status) !== 0,
  );
}
