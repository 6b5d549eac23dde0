/**
 * A webhook receiver on 127.0.0.1 (random port) that behaves as the webhook plugin's README tells
 * receivers to: it reads the raw body, checks `X-Cosmac-Signature` (HMAC-SHA256 over "<t>.<raw body>",
 * 5 minutes' tolerance) and answers 401 when it does not match. The check is written here from the
 * README, not imported from the plugin, so a wrong signature on the plugin's side cannot pass by
 * being checked with the same wrong code.
 *
 * With `{ version: 'v2' }` it checks the README's v2 instead (HMAC-SHA256 over
 * "<t>.POST.<path>.<raw body>", the path of its own URL), and a v1 value never passes.
 *
 * Answers follow a plan (`answer(500, 'hang', 200)`: one per request, in order), then `fallback`.
 * 'hang' never answers (a receiver that went silent); `close()` ends such requests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = number | 'hang';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received. */
  rawBody: string;
  /** The parsed body (null when it was not JSON). */
  event: { name: string; id: string; time: string; data: Record<string, unknown> } | null;
  signatureValid: boolean;
  /** What the receiver answered. */
  answer: Answer;
  /** Date.now() when the request ended. */
  at: number;
}

/** The README's check: true when `header` signs `raw` with `secret` and was made within `toleranceSeconds`. */
export function checkSignature(secret: string, header: string | string[] | undefined, raw: Buffer, toleranceSeconds = 300): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const want = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
  return parts.filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/i.test(v ?? '')).some(([, v]) => timingSafeEqual(Buffer.from(v, 'hex'), want));
}

/** The README's v2 check: `header` signs the method, `path` and `raw` with `secret`, within `toleranceSeconds`. */
export function checkSignatureV2(
  secret: string,
  header: string | string[] | undefined,
  method: string,
  path: string,
  raw: Buffer,
  toleranceSeconds = 300,
): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const want = createHmac('sha256', secret).update(`${t}.${method}.${path}.`).update(raw).digest();
  return parts.filter(([k, v]) => k === 'v2' && /^[0-9a-f]{64}$/i.test(v ?? '')).some(([, v]) => timingSafeEqual(Buffer.from(v, 'hex'), want));
}

export class WebhookReceiver {
  url = '';
  readonly requests: ReceivedRequest[] = [];
  /** The answer once the plan is used up. */
  fallback: Answer = 200;
  private plan: Answer[] = [];
  private server!: Server;
  private waiters: Array<() => void> = [];

  constructor(
    readonly secret: string,
    readonly o: { version?: 'v1' | 'v2' } = {},
  ) {}

  /** Listens on 127.0.0.1; `url` is then `http://127.0.0.1:<port>/hook`. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const header = req.headers['x-cosmac-signature'];
        const signatureValid =
          this.o.version === 'v2' ? checkSignatureV2(this.secret, header, req.method ?? '', '/hook', raw) : checkSignature(this.secret, header, raw);
        const planned = this.plan.length > 0 ? this.plan.shift()! : this.fallback;
        const answer: Answer = signatureValid ? planned : 401;
        this.requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          rawBody: raw.toString('utf8'),
          event: parseJson(raw),
          signatureValid,
          answer,
          at: Date.now(),
        });
        for (const wake of this.waiters.splice(0)) wake();
        if (answer !== 'hang') res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(String(answer));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  /** The answers to the next requests, in order (after those already planned). */
  answer(...plan: Answer[]): this {
    this.plan.push(...plan);
    return this;
  }

  /** The requests that were answered 2xx with a valid signature. */
  get delivered(): ReceivedRequest[] {
    return this.requests.filter((r) => r.signatureValid && typeof r.answer === 'number' && r.answer >= 200 && r.answer < 300);
  }

  /** Resolves once `count` requests have arrived; throws after `timeoutMs`. */
  async waitForRequests(count: number, timeoutMs = 60_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`webhook receiver: ${this.requests.length} of ${count} requests after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function parseJson(raw: Buffer): ReceivedRequest['event'] {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
