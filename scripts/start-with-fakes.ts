/**
 * `npm run start:fakes`: the product with payments that work on this machine, for trying the store
 * without Stripe or Alipay accounts. Starts the fake Stripe API and the fake Alipay gateway that the
 * commerce tests use (tests/helpers/fake-*.ts: the real SDKs talk to them, their checkout pages have a
 * Pay button, their webhooks and notifies are signed as the providers sign them), then the built
 * server configured for them, as docs/guide/run-with-fakes.md describes. Never for production.
 * It also starts the fake S3 server (bucket `cosmac`, public-read under `app/base/` only, fixed local key pair printed below)
 * for trying the s3-storage plugin: its config is entered in the console, so nothing is passed here.
 * And the fake OpenAI-compatible LLM (tests/helpers/fake-llm.ts, answers streamed slowly enough to
 * watch, `GET /v1/models` listing gpt-4o-mini and fake-small; with the end-to-end suite's answers, tool
 * calls included: tests/e2e/fake-llm-answers.ts), which the server is pointed at through
 * LLM_BASE_URL / LLM_API_KEY, printed below: on a database with no model provider yet, the start adds
 * it to the console's model registry (AI, Model providers) with gpt-4o-mini as the default model.
 * And the fake X API v2 (tests/helpers/fake-x.ts, two sample accounts with a post each) for the X
 * monitor: X_API_BASE_URL points at it; its bearer token, printed below, goes into base/monitor/saveSetting.
 * And, so that sign-in by e-mail, async AI apps and the NFT screen work with no outside service
 * (scripts/fakes/): a mail catcher (SMTP, and a page listing what arrived, sign-in codes included),
 * a workflow engine that answers every async job a moment later (signed v2), and a chain node with a
 * test wallet's items (and a page showing that wallet).
 *
 * Settings: PORT (8001), PUBLIC_URL (http://127.0.0.1:PORT, the address the browser uses),
 * FAKE_STRIPE_PORT (12111), FAKE_ALIPAY_PORT (12112), FAKE_S3_PORT (12113), FAKE_LLM_PORT (12114),
 * FAKE_X_PORT (12115), FAKE_SMTP_PORT (12116), FAKE_MAIL_PORT (12117, the inbox page),
 * FAKE_WORKFLOW_PORT (12118), FAKE_WORKFLOW_DELAY_MS (2000), FAKE_CHAIN_PORT (12119),
 * FAKE_CHAIN_PAGE_PORT (12120); a port of 0 takes a free one. Everything else as for `npm start`.
 * SIGINT or SIGTERM stops the server (it drains as in production), then every fake.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { FakeStripe } from '../tests/helpers/fake-stripe';
import { FakeAlipay } from '../tests/helpers/fake-alipay';
import { startFakeS3 } from '../tests/helpers/fake-s3';
import { startFakeLlm } from '../tests/helpers/fake-llm';
import { e2eAnswer, e2eToolCalls } from '../tests/e2e/fake-llm-answers';
import { startFakeX } from '../tests/helpers/fake-x';
import { startMailCatcher } from './fakes/mail-catcher';
import { startWorkflowRunner } from './fakes/workflow-runner';
import { startDemoChain } from './fakes/demo-chain';

/** The fake S3's key pair: a local test double, so fixed values the console form can be given. */
const FAKE_S3_KEYS = { accessKeyId: 'cosmac-fake-access-key', secretAccessKey: 'cosmac-fake-secret-key' };

/** The workflow engine's shared secret: both ends are local fakes. */
const FAKE_WORKFLOW_SECRET = 'cosmac-fake-workflow-secret';

const portOf = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8001);
  const publicUrl = (process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  const local = `http://127.0.0.1:${port}`;
  const stripe = await new FakeStripe().start(Number(process.env.FAKE_STRIPE_PORT ?? 12111));
  const alipay = await new FakeAlipay().start(Number(process.env.FAKE_ALIPAY_PORT ?? 12112));
  const s3 = await startFakeS3({
    ...FAKE_S3_KEYS,
    buckets: [{ name: 'cosmac', publicRead: { prefix: 'app/base/' } }],
    port: Number(process.env.FAKE_S3_PORT ?? 12113),
  });
  // The end-to-end suite's answers: an echo, and the tool calls and hand-overs a team of AI members makes (fake-llm-answers.ts).
  const llm = await startFakeLlm({
    port: Number(process.env.FAKE_LLM_PORT ?? 12114),
    script: { answer: e2eAnswer, toolCalls: e2eToolCalls, chunkDelayMs: 40 },
  });
  const x = await startFakeX(Number(process.env.FAKE_X_PORT ?? 12115));
  const [cosmac, friend] = [x.addUser('cosmac_ai', 'COSMAC AI'), x.addUser('a_friend', 'A Friend')];
  x.addPost(cosmac, 'Hello from the fake X API', new Date(Date.now() - 3_600_000));
  x.addPost(friend, 'Trying cosmac with the fake X API', new Date(Date.now() - 600_000));
  const mail = await startMailCatcher(portOf('FAKE_SMTP_PORT', 12116), portOf('FAKE_MAIL_PORT', 12117));
  const workflow = await startWorkflowRunner({
    port: portOf('FAKE_WORKFLOW_PORT', 12118),
    secret: FAKE_WORKFLOW_SECRET,
    delayMs: portOf('FAKE_WORKFLOW_DELAY_MS', 2000),
  });
  const chain = await startDemoChain(portOf('FAKE_CHAIN_PORT', 12119), portOf('FAKE_CHAIN_PAGE_PORT', 12120));
  stripe.webhookUrl = `${local}/admin/base/stripe/notify`;
  process.stdout.write(`Fake Stripe at ${stripe.url}, fake Alipay at ${alipay.url} (test doubles: no money moves)\n`);
  process.stdout.write(
    `Fake S3 at ${s3.url}: bucket cosmac, access key ${FAKE_S3_KEYS.accessKeyId}, secret ${FAKE_S3_KEYS.secretAccessKey} (for the s3-storage plugin)\n`,
  );
  process.stdout.write(
    `Fake LLM at ${llm.url}: LLM_BASE_URL=${llm.url} LLM_API_KEY=${llm.apiKey ?? ''} (answers echo the question; an AI member given the tools base_desktop_list and base_desktop_add lists your desktops when asked about "my desktops" and proposes "add a desktop called X"; asked about "the brief", it summarises the group's files; the console's AI, Model providers, lists it once the server has started on a database without one)\n`,
  );
  process.stdout.write(`Fake X API at ${x.url}: bearer token ${x.bearerToken} for base/monitor/saveSetting (accounts cosmac_ai, a_friend; keyword cosmac)\n`);
  process.stdout.write(`Mail catcher: SMTP on 127.0.0.1:${mail.smtpPort}; read the mail (sign-in codes) at ${mail.url}\n`);
  process.stdout.write(
    `Fake workflow engine at ${workflow.url}: async apps' runs are answered after ${portOf('FAKE_WORKFLOW_DELAY_MS', 2000)} ms (signed v2)\n`,
  );
  process.stdout.write(`Fake chain ${chain.chain.chainId} at ${chain.chain.url}: test wallet ${chain.address}, its items at ${chain.pageUrl}\n`);
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ALIPAY_NOTIFY_URL: `${local}/admin/base/alipay/notify`,
    ...stripe.env(),
    ...alipay.env(),
    ...llm.env(),
    ...x.env(),
    ...mail.env(),
    ...workflow.env(),
    ...chain.env(),
  };
  const root = resolve(__dirname, '../..');
  const server = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server/bootstrap.js'], { cwd: root, env, stdio: 'inherit' });
  const stop = async (code: number) => {
    await Promise.allSettled([stripe.stop(), alipay.stop(), s3.close(), llm.close(), x.close(), mail.close(), workflow.close(), chain.close()]);
    process.exit(code);
  };
  server.on('exit', (code) => void stop(code ?? 0));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.kill(sig));
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
});
