/**
 * `npm run start:fakes` walked as a person would, with no outside service: the built start script
 * (dist/scripts/start-with-fakes.js) on free ports against SQLite in a temp folder. A sign-in code
 * asked for by e-mail is read on the mail catcher's page; an async AI run ends through the fake
 * workflow engine's own signed callback; the chain settings name the fake node, which answers; and
 * SIGTERM or SIGINT stops the server and every fake. Waits follow what the script prints, never a clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildServerOnce } from '../helpers/build';
import { freePort } from '../helpers/ports';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const FAKE_PORTS = ['STRIPE', 'ALIPAY', 'S3', 'LLM', 'X', 'SMTP', 'MAIL', 'WORKFLOW', 'CHAIN', 'CHAIN_PAGE'];

type Envelope = { code: number; message: string; data: any };

/** The start script running, and what it printed so far. */
class Started {
  out = '';
  private waiters: Array<() => void> = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(readonly proc: ChildProcess) {
    const take = (d: Buffer) => {
      this.out += d.toString();
      for (const w of this.waiters.splice(0)) w();
    };
    proc.stdout!.on('data', take);
    proc.stderr!.on('data', take);
    this.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** The first match of `re` in what was printed so far (the fakes print theirs before the server starts). */
  found(re: RegExp): RegExpExecArray {
    const m = re.exec(this.out);
    if (!m) throw new Error(`the start script did not print ${re}:\n${this.out}`);
    return m;
  }

  /** The first match of `re` in the output, once printed; fails if the script ends first. */
  async printed(re: RegExp): Promise<RegExpExecArray> {
    let ended = false;
    void this.exited.then(() => {
      ended = true;
      for (const w of this.waiters.splice(0)) w();
    });
    for (;;) {
      const m = re.exec(this.out);
      if (m) return m;
      if (ended) throw new Error(`the start script ended before printing ${re}:\n${this.out}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

async function startScript(): Promise<{ s: Started; port: number }> {
  const port = await freePort();
  const dir = mkdtempSync(join(process.env.DATA_DIR ?? tmpdir(), 'cosmac-fakes-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MIDWAY_HTTP_PORT: '',
    PORT: String(port),
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: join(dir, 'data'),
    LOG_DIR: join(dir, 'logs'),
    CAPTCHA: 'off',
    FAKE_WORKFLOW_DELAY_MS: '300',
    ...Object.fromEntries(FAKE_PORTS.map((p) => [`FAKE_${p}_PORT`, '0'])),
  };
  delete env.ADMIN_PASSWORD;
  delete env.PUBLIC_URL;
  // Its own process group, so a failed test can stop the server behind it too.
  const proc = spawn(process.execPath, [join(ROOT, 'dist/scripts/start-with-fakes.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const s = new Started(proc);
  await s.printed(/is running at/);
  return { s, port };
}

function stopGroup(s: Started | undefined): void {
  if (s?.proc.pid && s.proc.exitCode === null && s.proc.signalCode === null) {
    try {
      process.kill(-s.proc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Whether something listens on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

/** Every port the script printed (the server's and each fake's). */
function portsIn(out: string): number[] {
  return [...new Set([...out.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])))];
}

describe('npm run start:fakes', () => {
  let s: Started;
  let base = '';

  const call = async (path: string, body?: unknown, token?: string): Promise<Envelope> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = token;
    const res = await fetch(`${base}${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
    return (await res.json()) as Envelope;
  };
  const ok = (e: Envelope) => {
    expect(e, JSON.stringify(e)).toMatchObject({ code: 1000 });
    return e.data;
  };

  beforeAll(async () => {
    const started = await startScript();
    s = started.s;
    base = `http://127.0.0.1:${started.port}`;
  });
  afterAll(() => stopGroup(s));

  it('prints the mail inbox page, the workflow engine, the chain and the administrator password', async () => {
    s.found(/read the mail \(sign-in codes\) at http:\/\/127\.0\.0\.1:\d+\//);
    s.found(/Fake workflow engine at http:\/\/127\.0\.0\.1:\d+/);
    s.found(/Fake chain fake-stargaze-1 at http:\/\/127\.0\.0\.1:\d+: test wallet stars1\w+, its items at http:\/\/127\.0\.0\.1:\d+\//);
    await s.printed(/username "admin", password "[^"]+"/);
  });

  it('mails an e-mail sign-in code that the inbox page shows, and the code signs in', async () => {
    const inbox = s.found(/read the mail \(sign-in codes\) at (\S+)/)[1];
    const email = 'walker@example.com';
    ok(await call('/admin/base/open/sendCode', { email }));
    const html = await (await fetch(inbox)).text();
    expect(html).toContain(email);
    const code = /sign-in code is (\d{6})/.exec(html)?.[1];
    expect(code, html).toBeDefined();
    const messages = (await (await fetch(new URL('messages', inbox))).json()) as Array<{ to: string[]; subject: string; text: string; at: string }>;
    expect(messages[0]).toMatchObject({ to: [email] });
    expect(messages[0].text).toContain(code);
    expect(ok(await call('/admin/base/open/loginByEmail', { email, code })).token).toEqual(expect.any(String));
  });

  it('shows mail content on the inbox page as text, never as markup', async () => {
    const [, smtpPort, inbox] = s.found(/SMTP on 127\.0\.0\.1:(\d+); read the mail \(sign-in codes\) at (\S+)/);
    const transport = createTransport({ host: '127.0.0.1', port: Number(smtpPort), secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'x@example.com',
      to: 'y@example.com',
      subject: '<script>alert(1)</script>',
      text: '<img src=x onerror="alert(2)"> & more',
    });
    transport.close();
    const res = await fetch(inbox);
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; more');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('runs an async AI app through the fake workflow engine, which calls back signed', async () => {
    const password = (await s.printed(/username "admin", password "([^"]+)"/))[1];
    const admin = ok(await call('/admin/base/open/login', { username: 'admin', password })).token as string;
    const appId = ok(await call('/admin/base/app/add', { name: 'Fake async app', isAsync: 1, tokens: 0, show: 1 }, admin)).id as number;
    const inbox = s.found(/read the mail \(sign-in codes\) at (\S+)/)[1];
    const email = 'runner@example.com';
    ok(await call('/admin/base/open/sendCode', { email }));
    const code = /sign-in code is (\d{6})/.exec(await (await fetch(inbox)).text())![1];
    const member = ok(await call('/admin/base/open/loginByEmail', { email, code })).token as string;

    const { runId } = ok(await call('/admin/base/message/addTask', { appId, input: 'summarise the fakes' }, member)) as { runId: number };
    await s.printed(new RegExp(`\\[fake workflow\\] run ${runId} answered: HTTP 200, status 1`));
    const run = ok(await call(`/admin/base/run/info?id=${runId}`, undefined, member));
    expect(run).toMatchObject({ id: runId, status: 1, isAsync: 1 });
    expect(Number(run.completionTokens)).toBeGreaterThan(0);
  });

  it('serves chain settings naming the fake node, which answers, with the test wallet holding items', async () => {
    const settings = ok(await call('/admin/base/open/chainSettings'));
    expect(settings).toMatchObject({ chainId: 'fake-stargaze-1', bech32Prefix: 'stars', denom: 'ustars' });
    const status = (await (
      await fetch(settings.rpc, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'status', params: {} }) })
    ).json()) as any;
    expect(status.result.node_info.network).toBe('fake-stargaze-1');

    const [, address, page] = s.found(/test wallet (stars1\w+), its items at (\S+)/);
    const state = (await (await fetch(new URL('state', page))).json()) as { address: string; owned: string[]; staked: string[] };
    expect(state).toMatchObject({ address, owned: ['1', '2', '3'], staked: [] });
    const meta = (await (await fetch(`${settings.ipfsGateway}bafyDemoCollection/1.json`)).json()) as { name: string };
    expect(meta.name).toBe('Nebula Fox');
    expect(await (await fetch(page)).text()).toContain(address);
  });

  it('stops the server and every fake on SIGTERM', async () => {
    const ports = portsIn(s.out);
    expect(ports.length).toBeGreaterThanOrEqual(11);
    s.proc.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    for (const p of ports) expect(await listening(p), `port ${p}`).toBe(false);
  });
});

describe('npm run start:fakes on SIGINT', () => {
  let s: Started | undefined;
  afterAll(() => stopGroup(s));

  it('stops the server and every fake', async () => {
    s = (await startScript()).s;
    const ports = portsIn(s.out);
    s.proc.kill('SIGINT');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    for (const p of ports) expect(await listening(p), `port ${p}`).toBe(false);
  });
});
