/**
 * A fake workflow engine on 127.0.0.1 for the async run tests: it takes `POST /jobs` as the real
 * engine would, checks the job's `X-Cosmac-Signature` (v2) with the shared secret (401 when it does
 * not verify, as an engine must), records every job, and calls the product back on the test's
 * request: signed, unsigned, badly signed, signed with a stale time, signed for another request,
 * with the retired v1 scheme, or as often as asked.
 *
 * The signature is computed here from the scheme's description (v2: HMAC-SHA256 of
 * `<t>.<METHOD>.<path>.<body>`; v1: of `<t>.<body>`), not with the product's own signing function, so
 * a mistake in the product's scheme shows up.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeJob {
  body: {
    runId: number;
    workflowResultId: string;
    appId: number;
    workflow: unknown;
    input: unknown;
    callbackUrl: string;
    errorUrl: string;
    deadline: string;
  };
  /** The body exactly as received. */
  raw: string;
  signature: string | null;
  /** The signature verified with our secret, within five minutes. */
  signed: boolean;
  /** What we answered. */
  status: number;
}

/**
 * How a callback is signed: properly (v2); not at all; with a wrong secret; with a time 10 minutes
 * old or ahead; with a mangled body; over another method (GET) or another path (the job's other
 * callback url); with the retired v1 scheme only; or with both v1 and v2, as an engine moving from
 * one to the other would.
 */
export type Signing = 'valid' | 'none' | 'wrong-secret' | 'late' | 'early' | 'tampered' | 'wrong-method' | 'wrong-path' | 'v1' | 'both';

export interface CallbackAnswer {
  status: number;
  body: { code: number; message: string; data: any };
}

/** A callback ready to be sent: where to, its headers and its exact body. */
export interface PreparedCallback {
  url: string;
  headers: Record<string, string>;
  raw: string;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const v2 = (secret: string, t: number, method: string, path: string, body: string) => hmac(secret, `${t}.${method}.${path}.${body}`);
const v1 = (secret: string, t: number, body: string) => hmac(secret, `${t}.${body}`);

function verify(secret: string, header: string | null, method: string, path: string, raw: string): boolean {
  const m = /^t=(\d+),v2=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m || Math.abs(Date.now() / 1000 - Number(m[1])) > 300) return false;
  return v2(secret, Number(m[1]), method, path, raw) === m[2];
}

export class FakeWorkflow {
  url = '';
  readonly jobs: FakeJob[] = [];
  /** The status the next jobs are answered with (after the signature check). */
  answerStatus = 202;
  /** Told of every job accepted (signed, answered 2xx), after the answer has gone out. */
  onJob: ((job: FakeJob) => void) | null = null;
  private server!: Server;

  constructor(readonly secret: string) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (req.method !== 'POST' || req.url !== '/jobs') {
          res.writeHead(404).end();
          return;
        }
        const signature = typeof req.headers['x-cosmac-signature'] === 'string' ? req.headers['x-cosmac-signature'] : null;
        const signed = verify(this.secret, signature, req.method ?? '', req.url ?? '', raw);
        const status = signed ? this.answerStatus : 401;
        let body: FakeJob['body'];
        try {
          body = JSON.parse(raw) as FakeJob['body'];
        } catch {
          res.writeHead(400).end();
          return;
        }
        const job = { body, raw, signature, signed, status };
        this.jobs.push(job);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: status < 300 }));
        if (status < 300) this.onJob?.(job);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The settings that point the product here. */
  env(): Record<string, string> {
    return { WORKFLOW_URL: this.url, WORKFLOW_SECRET: this.secret };
  }

  /** The job of a run. */
  job(runId: number): FakeJob {
    const found = this.jobs.find((j) => j.body.runId === runId);
    if (!found) throw new Error(`the engine got no job for run ${runId}; jobs: ${this.jobs.map((j) => j.body.runId).join(', ')}`);
    return found;
  }

  /**
   * A callback about `job`, not sent yet: `kind` result (to its callbackUrl) or error (to its
   * errorUrl), or to `url`, with `body` signed for that url as `signing` says.
   */
  prepare(job: FakeJob, kind: 'result' | 'error', body: unknown, signing: Signing = 'valid', url?: string): PreparedCallback {
    const to = url ?? (kind === 'result' ? job.body.callbackUrl : job.body.errorUrl);
    const raw = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const path = signing === 'wrong-path' ? new URL(kind === 'result' ? job.body.errorUrl : job.body.callbackUrl).pathname : new URL(to).pathname;
    const method = signing === 'wrong-method' ? 'GET' : 'POST';
    const secret = signing === 'wrong-secret' ? `${this.secret}-not` : this.secret;
    const t = signing === 'late' ? now - 600 : signing === 'early' ? now + 600 : now;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signing === 'v1') headers['x-cosmac-signature'] = `t=${t},v1=${v1(secret, t, raw)}`;
    else if (signing === 'both') headers['x-cosmac-signature'] = `t=${t},v1=${v1(secret, t, raw)},v2=${v2(secret, t, method, path, raw)}`;
    else if (signing !== 'none') headers['x-cosmac-signature'] = `t=${t},v2=${v2(secret, t, method, path, raw)}`;
    // Same signature, another body: what an attacker who captured a callback could try.
    return { url: to, headers, raw: signing === 'tampered' ? raw.replace(/}$/, ',"extra":1}') : raw };
  }

  /** Sends `callback` as prepared, or replays it to another `url`. Answers the product's HTTP status and envelope. */
  async send(callback: PreparedCallback, url = callback.url): Promise<CallbackAnswer> {
    const res = await fetch(url, { method: 'POST', headers: callback.headers, body: callback.raw });
    return { status: res.status, body: (await res.json()) as CallbackAnswer['body'] };
  }

  /** Calls the product back about `job`: `prepare` and `send` in one. */
  callBack(job: FakeJob, kind: 'result' | 'error', body: unknown, signing: Signing = 'valid', url?: string): Promise<CallbackAnswer> {
    return this.send(this.prepare(job, kind, body, signing, url));
  }
}

export function startFakeWorkflow(secret = 'fake-workflow-secret', port = 0): Promise<FakeWorkflow> {
  return new FakeWorkflow(secret).start(port);
}
