/**
 * Starts the real built server for the suite (one per worker): a free port, a fresh temp dir for the
 * SQLite file, secrets and logs, the image captcha on, and the cache store on Redis under a key prefix of its
 * own (so the tests can read captcha answers). Reads the admin password printed on first start.
 * The fake Stripe and fake Alipay of the commerce tests run in this process (payments go through
 * their checkout pages), the server configured for them as docs/guide/run-with-fakes.md
 * says; so does the fake LLM of the AI runs (answers streamed slowly enough to watch), and the fake
 * chain of NFT staking (nft-chain.ts: a test wallet's items minted, a control the NFT spec drives),
 * and the mail catcher of e-mail sign-up (scripts/fakes/mail-catcher.ts; its inbox at E2E_MAIL_URL).
 * The fake LLM's API root and key are E2E_LLM_URL and E2E_LLM_KEY, for a spec that adds it as a
 * provider in the console.
 * Each Playwright worker has a stack of its own (server, data folder, Redis prefix, Stripe, Alipay and
 * workflow port), so specs that change settings never meet: stack i's variables are E2E_*__i, and
 * helpers.ts gives a worker its own as E2E_* (TEST_PARALLEL_INDEX). The model, the chain and the mail
 * catcher are shared (the chain is driven by one spec; mails are found by their recipient).
 * Redis unreachable: CI=true fails; otherwise the suite is skipped (E2E_SKIP holds the reason).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FakeStripe } from '../helpers/fake-stripe';
import { FakeAlipay } from '../helpers/fake-alipay';
import { startFakeLlm } from '../helpers/fake-llm';
import { startE2eChain } from './nft-chain';
import { e2eAnswer, e2eToolCalls } from './fake-llm-answers';
import { startMailCatcher } from '../../scripts/fakes/mail-catcher';

export const ROOT = resolve(__dirname, '../..');
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
/** The secret the server and the specs' fake workflow engine share. */
const E2E_WORKFLOW_SECRET = 'e2e-workflow-secret';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

async function redisAnswers(): Promise<string | null> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    r.disconnect();
  }
}

interface Shared {
  llmEnv: Record<string, string>;
  chainEnv: Record<string, string>;
  mailEnv: Record<string, string>;
  mailUrl: string;
}

interface Stack {
  /** What the specs of this stack's worker read (E2E_*). */
  env: Record<string, string>;
  state: { pid?: number; dir: string; prefix: string; redisUrl: string };
  fakes: Array<{ stop(): Promise<void> }>;
}

/** Starts one server with its own folder, port, Redis prefix, payment fakes and workflow port. */
async function startStack(index: number, shared: Shared): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'cosmac-e2e-'));
  const port = await freePort();
  const prefix = `cosmac-e2e-${process.pid}-${index}-${randomBytes(4).toString('hex')}:`;
  const base = `http://127.0.0.1:${port}`;
  const stripe = await new FakeStripe().start();
  const alipay = await new FakeAlipay().start();
  stripe.webhookUrl = `${base}/admin/base/stripe/notify`;
  // The workflow engine of async apps: a spec that runs one starts tests/helpers/fake-workflow.ts on this port.
  const workflowPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'cosmac.sqlite')}`,
    DATA_DIR: join(dir, 'data'),
    LOG_DIR: join(dir, 'logs'),
    CODING_ENTITIES_DIR: join(dir, 'entities'), // entities the AI code helper creates (15-ai-code) stay out of the repo
    REDIS_URL,
    REDIS_PREFIX: prefix,
    CAPTCHA: 'on',
    ...stripe.env(),
    ...alipay.env(),
    ...shared.llmEnv,
    ...shared.chainEnv,
    ...shared.mailEnv,
    PUBLIC_URL: base,
    WORKFLOW_URL: `http://127.0.0.1:${workflowPort}`,
    WORKFLOW_SECRET: E2E_WORKFLOW_SECRET,
    ALIPAY_NOTIFY_URL: `${base}/admin/base/alipay/notify`,
  };
  delete env.ADMIN_PASSWORD;
  delete env.MIDWAY_HTTP_PORT;

  const child = spawn(process.execPath, ['dist/server/bootstrap.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const state = { pid: child.pid, dir, prefix, redisUrl: REDIS_URL };
  const fakes = [stripe, alipay];

  const password = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server ${index} did not start within 120 s:\n${out}`)), 120_000);
    const check = () => {
      const m = /password "([^"]+)"/.exec(out);
      if (m && /is running at/.test(out)) {
        clearTimeout(timer);
        res(m[1]);
      }
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`server ${index} exited with ${code} before it was ready:\n${out}`));
    });
  }).catch(async (e: Error) => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    for (const f of fakes) await f.stop().catch(() => undefined);
    throw e;
  });
  child.removeAllListeners('exit');
  child.stdout.resume();
  child.stderr.resume();
  process.stdout.write(`\n[e2e] server ${index} on ${base} (data in ${dir}, Redis ${REDIS_URL} prefix ${prefix})\n`);
  return {
    state,
    fakes,
    env: {
      E2E_BASE_URL: base,
      E2E_WORKFLOW_PORT: String(workflowPort),
      E2E_WORKFLOW_SECRET: E2E_WORKFLOW_SECRET,
      E2E_STRIPE_URL: stripe.url,
      E2E_ALIPAY_URL: alipay.url,
      E2E_MAIL_URL: shared.mailUrl,
      E2E_LLM_URL: shared.llmEnv.LLM_BASE_URL ?? '',
      E2E_LLM_KEY: shared.llmEnv.LLM_API_KEY ?? '',
      E2E_ADMIN_PASSWORD: password,
      E2E_REDIS_URL: REDIS_URL,
      E2E_REDIS_PREFIX: prefix,
      E2E_DIR: dir,
    },
  };
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  const down = await redisAnswers();
  if (down) {
    const reason = `Redis at ${REDIS_URL} does not answer (${down}): the e2e suite needs it to read captcha answers`;
    if (process.env.CI === 'true') throw new Error(`CI=true: ${reason}`);
    process.stdout.write(`\n[e2e] SKIPPING every test: ${reason}\n\n`);
    process.env.E2E_SKIP = reason;
    return;
  }
  for (const f of ['dist/server/bootstrap.js', 'web/dist/index.html']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`${f} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }

  // The language model of the AI runs: answers stream slowly enough for a test to see them arrive;
  // the code helper's label translations come from a glossary (fake-llm-answers.ts).
  const llm = await startFakeLlm({ script: { answer: e2eAnswer, toolCalls: e2eToolCalls, chunkSize: 6, chunkDelayMs: 60, firstChunkDelayMs: 200 } });
  const nftChain = await startE2eChain();
  // The mail catcher of e-mail sign-up: the server sends to its SMTP port, specs read its inbox (E2E_MAIL_URL).
  const mail = await startMailCatcher();
  const fakes: Array<{ stop(): Promise<void> }> = [{ stop: () => llm.close() }, nftChain, { stop: () => mail.close() }];
  (globalThis as { e2eFakes?: Array<{ stop(): Promise<void> }> }).e2eFakes = fakes;
  const shared: Shared = { llmEnv: llm.env(), chainEnv: nftChain.serverEnv, mailEnv: mail.env(), mailUrl: mail.url };

  const stateFile = join(tmpdir(), `cosmac-e2e-state-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  process.env.E2E_STATE = stateFile;
  const states: Stack['state'][] = [];
  const save = () => writeFileSync(stateFile, JSON.stringify(states));
  // One stack per worker; they start side by side (a start is mostly waiting on the database).
  const count = Math.max(1, config.workers);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startStack(i, shared)));
  for (const s of started) if (s.status === 'fulfilled') (states.push(s.value.state), fakes.push(...s.value.fakes));
  save();
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;

  started.forEach((s, i) => {
    for (const [k, v] of Object.entries((s as PromiseFulfilledResult<Stack>).value.env)) {
      process.env[`${k}__${i}`] = v;
      if (i === 0) process.env[k] = v;
    }
  });
  Object.assign(process.env, nftChain.testEnv);
}
