/**
 * The external workflow engine that runs asynchronous AI apps (issue 20): we POST a job to it, it
 * calls us back when the work is done or has failed. Both directions are signed with one shared
 * secret (signature version 2, issue 35):
 *
 *   X-Cosmac-Signature: t=<unix seconds>,v2=<hex HMAC-SHA256(WORKFLOW_SECRET, "<t>.<METHOD>.<path>.<raw body>")>
 *
 * METHOD is the request's method in capitals (POST), path the path of the url it is sent to, without
 * host or query (a callback's path ends with its run's callback id). So a signature holds for one
 * request to one url only: a callback of one run cannot settle another, nor a result url take an
 * error. A receiver accepts it only within a time window (5 minutes) either way; within it, the run's
 * one-way state (running -> ended) makes a repeated callback change nothing. The older `v1`, which
 * covered only `<t>.<raw body>`, is refused (docs/decisions/workflow-callback-v2.md).
 *
 * Settings (AppConfig.env):
 * - WORKFLOW_URL: the engine's base address; jobs go to `<WORKFLOW_URL>/jobs`
 * - WORKFLOW_SECRET: the shared secret; without it nothing is sent and every callback is refused
 * - WORKFLOW_REQUEST_TIMEOUT_MS: how long posting a job may take (default 10000)
 *
 * @example
 * const engine = createWorkflow(core.config.env);
 * if (engine.configured) await engine.submit({ runId, workflowResultId, appId, workflow, input, callbackUrl, errorUrl, deadline });
 * engine.verify(req.headers['x-cosmac-signature'], { method: 'POST', path: '/admin/base/message/receiveWorkflowResult/<id>', body: raw }); // 'valid' | 'v1' | 'invalid'
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the engine receives for one run. */
export interface WorkflowJob {
  runId: number;
  /** The run's callback id: the last segment of both callback urls. */
  workflowResultId: string;
  appId: number;
  /** The app's workflow description (app.config.workflow), passed through as configured. */
  workflow: unknown;
  input: unknown;
  /** POST `{ output, usage? }` here when the run succeeded. */
  callbackUrl: string;
  /** POST `{ error }` here when it failed. */
  errorUrl: string;
  /** ISO-8601: after it we fail the run and refund it, whatever the engine says later. */
  deadline: string;
}

/** The engine refused the job or could not be reached; `status` is its HTTP status, 0 when none came. */
export class WorkflowError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** What a signature covers: one request to one url. */
export interface SignedRequest {
  method: string;
  /** The url's path, without host or query. */
  path: string;
  body: Buffer | string;
}

/**
 * A header's verdict: `valid`; `v1` when it carries only signatures of the retired version 1 (the
 * sender must move to v2); `invalid` otherwise (absent, malformed, wrong, or outside the window).
 */
export type SignatureCheck = 'valid' | 'v1' | 'invalid';

export interface WorkflowAdapter {
  /** Both WORKFLOW_URL and WORKFLOW_SECRET are set. */
  readonly configured: boolean;
  /** WORKFLOW_SECRET is set: callbacks can be checked. */
  readonly canVerify: boolean;
  /** Posts the job, signed; resolves on a 2xx answer, rejects with WorkflowError otherwise. */
  submit(job: WorkflowJob): Promise<void>;
  /** Whether `header` signs `request` with our secret within the tolerance of now. */
  verify(header: string | undefined, request: SignedRequest, nowMs?: number): SignatureCheck;
}

/** How far a signature's time may be from ours, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function mac(secret: string, unixSeconds: number, r: SignedRequest): Buffer {
  return createHmac('sha256', secret).update(`${unixSeconds}.${r.method.toUpperCase()}.${r.path}.`).update(r.body).digest();
}

/** The header value that signs `request` at `unixSeconds`. */
export function signWorkflowRequest(secret: string, request: SignedRequest, unixSeconds: number): string {
  return `t=${unixSeconds},v2=${mac(secret, unixSeconds, request).toString('hex')}`;
}

/**
 * `valid` when `header` holds a timestamp within the tolerance of `nowMs` and at least one `v2` value
 * equal to our HMAC of the request (several are allowed, so the engine can sign with an old and a new
 * secret while they are rotated). `v1` values are never checked: alone they answer `v1`.
 */
export function verifyWorkflowSignature(
  secret: string,
  header: string | undefined,
  request: SignedRequest,
  nowMs = Date.now(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!secret || typeof header !== 'string' || header.length > 1000) return 'invalid';
  let t = NaN;
  let v1 = false;
  const given: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    if (key === 'v1') v1 = true;
    if (key === 'v2' && /^[0-9a-f]{64}$/i.test(value)) given.push(Buffer.from(value, 'hex'));
  }
  if (given.length === 0) return v1 ? 'v1' : 'invalid';
  if (!Number.isFinite(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return 'invalid';
  const expected = mac(secret, t, request);
  // Every value is compared, in constant time, so the answer's timing says nothing of which one matched.
  let ok = false;
  for (const value of given) ok = timingSafeEqual(value, expected) || ok;
  return ok ? 'valid' : 'invalid';
}

export function createWorkflow(env: Record<string, string | undefined>): WorkflowAdapter {
  const base = (env.WORKFLOW_URL ?? '').trim().replace(/\/+$/, '');
  const secret = (env.WORKFLOW_SECRET ?? '').trim();
  const timeoutMs = Number(env.WORKFLOW_REQUEST_TIMEOUT_MS) > 0 ? Number(env.WORKFLOW_REQUEST_TIMEOUT_MS) : 10_000;
  return {
    configured: base !== '' && secret !== '',
    canVerify: secret !== '',
    async submit(job) {
      if (!base || !secret) throw new WorkflowError('the workflow engine is not configured (WORKFLOW_URL, WORKFLOW_SECRET)', 0);
      const body = JSON.stringify(job);
      const url = `${base}/jobs`;
      let res: Response;
      try {
        const path = new URL(url).pathname;
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-cosmac-signature': signWorkflowRequest(secret, { method: 'POST', path, body }, Math.floor(Date.now() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new WorkflowError(`the workflow engine cannot be reached: ${(err as Error).message}`, 0);
      }
      // The answer's body is not needed; read it so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new WorkflowError(`the workflow engine answered HTTP ${res.status}`, res.status);
    },
    verify(header, request, nowMs = Date.now()) {
      return verifyWorkflowSignature(secret, header, request, nowMs);
    },
  };
}
