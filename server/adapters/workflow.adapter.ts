/**
 * The external workflow engine that runs asynchronous AI apps (issue 20): we POST a job to it, it
 * calls us back when the work is done or has failed. Both directions are signed with one shared
 * secret, the same scheme as the outgoing webhook plugin:
 *
 *   X-Cosmac-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(WORKFLOW_SECRET, "<t>.<raw body>")>
 *
 * The signature covers the exact bytes of the body, and a receiver accepts it only within a time
 * window (5 minutes), so a captured request cannot be replayed later.
 *
 * Settings (AppConfig.env):
 * - WORKFLOW_URL: the engine's base address; jobs go to `<WORKFLOW_URL>/jobs`
 * - WORKFLOW_SECRET: the shared secret; without it nothing is sent and every callback is refused
 * - WORKFLOW_REQUEST_TIMEOUT_MS: how long posting a job may take (default 10000)
 *
 * @example
 * const engine = createWorkflow(core.config.env);
 * if (engine.configured) await engine.submit({ runId, workflowResultId, appId, workflow, input, callbackUrl, errorUrl, deadline });
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

export interface WorkflowAdapter {
  /** Both WORKFLOW_URL and WORKFLOW_SECRET are set. */
  readonly configured: boolean;
  /** WORKFLOW_SECRET is set: callbacks can be checked. */
  readonly canVerify: boolean;
  /** Posts the job, signed; resolves on a 2xx answer, rejects with WorkflowError otherwise. */
  submit(job: WorkflowJob): Promise<void>;
  /** Whether `header` signs `rawBody` with our secret within `toleranceSeconds` of now. */
  verify(header: string | undefined, rawBody: Buffer | string, nowMs?: number): boolean;
}

/** How far a signature's time may be from ours, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The header value that signs `body` at `unixSeconds`. */
export function signWorkflowBody(secret: string, body: string | Buffer, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * True when `header` holds a timestamp within the tolerance of `nowMs` and at least one `v1` value
 * equal to our HMAC of the body (several are allowed, so the engine can sign with an old and a new
 * secret while they are rotated).
 */
export function verifyWorkflowSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer | string,
  nowMs = Date.now(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!secret || typeof header !== 'string' || header.length > 1000) return false;
  let t = NaN;
  const given: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) given.push(Buffer.from(value, 'hex'));
  }
  if (!Number.isFinite(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return given.some((mac) => timingSafeEqual(mac, expected));
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
      let res: Response;
      try {
        res = await fetch(`${base}/jobs`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-cosmac-signature': signWorkflowBody(secret, body, Math.floor(Date.now() / 1000)),
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
    verify(header, rawBody, nowMs = Date.now()) {
      return verifyWorkflowSignature(secret, header, rawBody, nowMs);
    },
  };
}
