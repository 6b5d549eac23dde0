/**
 * A fake workflow engine on 127.0.0.1 for the async run tests: it takes `POST /jobs` as the real
 * engine would, checks the job's `X-Cosmac-Signature` with the shared secret (401 when it does not
 * verify, as an engine must), records every job, and calls the product back on the test's request:
 * signed, unsigned, badly signed, signed with a stale time, or as often as asked.
 *
 * The signature is computed here from the scheme's description (HMAC-SHA256 of `<t>.<body>`), not
 * with the product's own signing function, so a mistake in the product's scheme shows up.
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

/** How a callback is signed: properly, not at all, with a wrong secret, with a time 10 minutes old, or with a mangled body. */
export type Signing = 'valid' | 'none' | 'wrong-secret' | 'late' | 'tampered';

export interface CallbackAnswer {
  status: number;
  body: { code: number; message: string; data: any };
}

function sign(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

function verify(secret: string, header: string | null, raw: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m || Math.abs(Date.now() / 1000 - Number(m[1])) > 300) return false;
  return sign(secret, raw, Number(m[1])) === header;
}

export class FakeWorkflow {
  url = '';
  readonly jobs: FakeJob[] = [];
  /** The status the next jobs are answered with (after the signature check). */
  answerStatus = 202;
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
        const signed = verify(this.secret, signature, raw);
        const status = signed ? this.answerStatus : 401;
        let body: FakeJob['body'];
        try {
          body = JSON.parse(raw) as FakeJob['body'];
        } catch {
          res.writeHead(400).end();
          return;
        }
        this.jobs.push({ body, raw, signature, signed, status });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: status < 300 }));
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
   * Calls the product back about `job`: `kind` result (to its callbackUrl) or error (to its errorUrl),
   * with `body` signed as `signing` says. Answers the product's HTTP status and envelope.
   */
  async callBack(job: FakeJob, kind: 'result' | 'error', body: unknown, signing: Signing = 'valid', url?: string): Promise<CallbackAnswer> {
    const raw = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signing === 'valid' || signing === 'tampered') headers['x-cosmac-signature'] = sign(this.secret, raw, now);
    if (signing === 'wrong-secret') headers['x-cosmac-signature'] = sign(`${this.secret}-not`, raw, now);
    if (signing === 'late') headers['x-cosmac-signature'] = sign(this.secret, raw, now - 600);
    // Same signature, another body: what an attacker who captured a callback could try.
    const sent = signing === 'tampered' ? raw.replace(/}$/, ',"extra":1}') : raw;
    const res = await fetch(url ?? (kind === 'result' ? job.body.callbackUrl : job.body.errorUrl), { method: 'POST', headers, body: sent });
    return { status: res.status, body: (await res.json()) as CallbackAnswer['body'] };
  }
}

export function startFakeWorkflow(secret = 'fake-workflow-secret', port = 0): Promise<FakeWorkflow> {
  return new FakeWorkflow(secret).start(port);
}
