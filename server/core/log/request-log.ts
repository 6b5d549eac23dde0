/**
 * The request log, written off the request path: `record()` only appends to a bounded in-memory
 * queue (a full queue drops the entry and counts it, it never waits), and a timer flushes the queue
 * in batches of multi-row INSERTs into the request log entity's table. `close()` writes what is still queued, so a
 * graceful shutdown loses nothing. Parameters are redacted before they are queued: no password,
 * code, token or secret is ever held or stored.
 */
import type { Db } from '../db/db';
import type { Model } from '../entity/model';
import { loadedModel } from '../entity/load';

export interface RequestLogEntry {
  userId: number | null;
  /** The route path, e.g. `/admin/base/sys/user/page`. */
  action: string;
  ip: string;
  /** The request's parameters; redacted and size-capped before they are queued. */
  params: unknown;
  /** The request's X-Request-Id (ops/request-context.ts). */
  reqId?: string | null;
  /** The name of the API key the request signed in with (auth/api-keys.ts). */
  apiKey?: string | null;
}

export interface RequestLogOptions {
  /** Entries held at most; beyond it new entries are dropped and counted. */
  maxQueue?: number;
  /** Rows per INSERT statement at most. */
  batchSize?: number;
  /** How often the timer flushes, in milliseconds. */
  flushMs?: number;
  /** Told about a batch that could not be written (its rows are counted as failed). */
  onError?: (err: unknown, rows: number) => void;
}

export interface RequestLogStats {
  /** Entries waiting to be written now. */
  queued: number;
  written: number;
  /** Entries refused because the queue was full (or the queue was closed). */
  dropped: number;
  /** Entries whose INSERT failed. */
  failed: number;
}

/** Longest stored parameters text, in characters. */
export const MAX_PARAMS_CHARS = 2048;
const MAX_ACTION = 200;
const MAX_IP = 50;
const MAX_DEPTH = 6;
const MAX_KEYS = 50;
const MAX_STRING = 500;
export const REDACTED = '[redacted]';

/**
 * Keys whose values never reach the log, matched case-insensitively anywhere in the key
 * (`password`, `oldPassword`, `verifyCode`, `inviteCode`, `refreshToken`, `clientSecret`, `deleteKey`...).
 */
const SECRET_KEY =
  /pass(word|wd)?|pwd|code|token|ticket|state|secret|captcha|authorization|cookie|session|credential|private|mnemonic|deletekey|apikey|api_key|accesskey|access_key|signature/i;

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function walk(v: unknown, depth: number): unknown {
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return clip(v, MAX_STRING);
  if (typeof v !== 'object') return v === undefined ? null : String(v);
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(v)) {
    const out = v.slice(0, MAX_KEYS).map((x) => walk(x, depth + 1));
    if (v.length > MAX_KEYS) out.push(`[+${v.length - MAX_KEYS}]`);
    return out;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (n++ >= MAX_KEYS) break;
    const value = secretKey(k) ? REDACTED : walk(x, depth + 1);
    // defineProperty keeps a key named __proto__ a plain key.
    if (k === '__proto__') Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out;
}

/** Whether a key is secret, remembered for the few hundred names requests use (id, page, size...). */
const secretKeys = new Map<string, boolean>();

function secretKey(k: string): boolean {
  let secret = secretKeys.get(k);
  if (secret === undefined) {
    secret = SECRET_KEY.test(k);
    if (secretKeys.size < 1000 && k.length <= 64) secretKeys.set(k, secret);
  }
  return secret;
}

/**
 * A copy of `params` without the values of secret keys (at any depth), with long strings, big
 * arrays and deep nesting cut short.
 *
 * @example redact({ username: 'ann', password: 'x', profile: { verifyCode: '123' } })
 *   // { username: 'ann', password: '[redacted]', profile: { verifyCode: '[redacted]' } }
 */
export function redact(params: unknown): unknown {
  return walk(params, 0);
}

/** What the log's params column holds: redacted JSON, at most MAX_PARAMS_CHARS characters; null when empty. */
export function paramsText(params: unknown): string | null {
  if (params === undefined || params === null) return null;
  if (typeof params === 'object' && Object.keys(params as object).length === 0) return null;
  const text = JSON.stringify(redact(params));
  return text.length > MAX_PARAMS_CHARS ? `${text.slice(0, MAX_PARAMS_CHARS - 1)}…` : text;
}

/**
 * Body fields never logged on a route, whatever their key: a parameter's data may be a secret (an
 * API key kept in sys/param), and nothing at logging time says reliably whether it is one.
 */
const UNLOGGED_BODY_FIELDS = new Map<string, string[]>([
  ['/admin/base/sys/param/add', ['data']],
  ['/admin/base/sys/param/update', ['data']],
  // A plugin's config holds its secrets under names of the plugin's choosing.
  ['/admin/plugin/info/update', ['config']],
]);

/** `body` (an object or a batch of them) with the values of `fields` redacted. */
function withoutFields(body: unknown, fields: string[]): unknown {
  const row = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fields.includes(k) ? REDACTED : x]))
      : v;
  return Array.isArray(body) ? body.map(row) : row(body);
}

/**
 * The log entry of one API request, for the dispatcher: the query and the body (either alone when
 * the other is empty), redacted.
 */
export function requestLogEntry(
  path: string,
  user: { id: number } | null,
  ip: string | undefined,
  body: unknown,
  query: Record<string, string> | undefined,
  reqId?: string,
  apiKey?: string | null,
): RequestLogEntry {
  const hasQuery = !!query && Object.keys(query).length > 0;
  const hasBody = body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body as object).length === 0);
  const unlogged = UNLOGGED_BODY_FIELDS.get(path);
  const logged = unlogged && hasBody ? withoutFields(body, unlogged) : body;
  const params = hasQuery && hasBody ? { query, body: logged } : hasQuery ? query : hasBody ? logged : null;
  let text: string | null;
  try {
    text = paramsText(params);
  } catch {
    // A value JSON cannot hold (a BigInt, say): the entry is still worth keeping without it.
    text = '"[unserializable]"';
  }
  return { userId: user?.id ?? null, action: path, ip: ip ?? '', params: text, reqId: reqId ?? null, apiKey: apiKey ?? null };
}

/** Queue options from the environment: REQUEST_LOG_MAX_QUEUE, REQUEST_LOG_BATCH, REQUEST_LOG_FLUSH_MS. */
export function requestLogOptions(env: Record<string, string | undefined>): RequestLogOptions {
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
  return { maxQueue: num(env.REQUEST_LOG_MAX_QUEUE), batchSize: num(env.REQUEST_LOG_BATCH), flushMs: num(env.REQUEST_LOG_FLUSH_MS) };
}

interface Queued {
  userId: number | null;
  action: string;
  ip: string;
  params: string | null;
  reqId: string | null;
  apiKey: string | null;
  /** When the request was answered (epoch milliseconds), formatted as the batch is written. */
  at: number;
}

/** The stored form of the second last formatted: a batch's rows mostly share it. */
let lastSecond = -1;
let lastSecondText = '';

/** `ms` as stored text (`2026-01-02 03:04:05.678`, UTC), as nowStored() writes it. */
export function storedAt(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastSecondText = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }
  const milli = ms - second * 1000;
  return `${lastSecondText}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}`;
}

const COLUMNS = ['userId', 'action', 'ip', 'params', 'reqId', 'apiKey', 'createTime', 'updateTime'];

export class RequestLogQueue {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private soon = false;
  private closed = false;
  private readonly maxQueue: number;
  private readonly batchSize: number;
  private readonly flushMs: number;
  /** Row counts of the INSERT shapes used: the full batch and powers of two below it. */
  private readonly shapes: number[];
  private readonly sqlByRows = new Map<number, string>();
  private counts = { written: 0, dropped: 0, failed: 0 };
  private readonly table: string;

  constructor(
    private readonly db: Db,
    private readonly opts: RequestLogOptions = {},
    model: Model = loadedModel(),
  ) {
    this.table = model.system('requestLog').table;
    this.maxQueue = Math.max(1, opts.maxQueue ?? 10_000);
    this.batchSize = Math.max(1, opts.batchSize ?? 500);
    this.flushMs = Math.max(10, opts.flushMs ?? 1000);
    const shapes = [this.batchSize];
    for (let p = 1; p < this.batchSize; p *= 2) shapes.push(p);
    this.shapes = [...new Set(shapes)].sort((a, b) => b - a);
  }

  get stats(): RequestLogStats {
    return { queued: this.queue.length, ...this.counts };
  }

  /** Queues one entry. Never waits and never throws; a full (or closed) queue drops the entry and counts it. */
  record(entry: RequestLogEntry): void {
    try {
      if (this.closed || this.queue.length >= this.maxQueue) {
        this.counts.dropped++;
        return;
      }
      const params = typeof entry.params === 'string' || entry.params === null ? entry.params : paramsText(entry.params);
      this.queue.push({
        userId: typeof entry.userId === 'number' && Number.isSafeInteger(entry.userId) ? entry.userId : null,
        action: clip(String(entry.action ?? ''), MAX_ACTION),
        ip: String(entry.ip ?? '').slice(0, MAX_IP),
        params: params && params.length > MAX_PARAMS_CHARS ? `${params.slice(0, MAX_PARAMS_CHARS - 1)}…` : params,
        reqId: typeof entry.reqId === 'string' ? entry.reqId.slice(0, 128) : null,
        apiKey: typeof entry.apiKey === 'string' ? entry.apiKey.slice(0, 64) : null,
        at: Date.now(),
      });
      // A full batch is written at once rather than at the next tick of the timer.
      if (this.timer && this.queue.length >= this.batchSize && !this.soon) {
        this.soon = true;
        setImmediate(() => {
          this.soon = false;
          void this.flush();
        });
      }
    } catch {
      this.counts.dropped++;
    }
  }

  /** Starts the flush timer (it does not keep the process alive). */
  start(): this {
    if (!this.timer && !this.closed) {
      this.timer = setInterval(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
    return this;
  }

  /** Writes everything queued now; concurrent calls share one writer. Never rejects. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /** Stops the timer, refuses new entries and writes what is still queued. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.batchSize);
      // Batches are cut into a few fixed row counts, so MySQL prepares a handful of statement
      // shapes rather than one per batch size.
      let at = 0;
      while (at < batch.length) {
        const n = this.shapes.find((s) => s <= batch.length - at)!;
        await this.write(batch.slice(at, at + n));
        at += n;
      }
    }
  }

  private insertSql(rows: number): string {
    let sql = this.sqlByRows.get(rows);
    if (!sql) {
      const q = this.db.q.bind(this.db);
      const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
      sql = `INSERT INTO ${q(this.table)} (${COLUMNS.map(q).join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}`;
      this.sqlByRows.set(rows, sql);
    }
    return sql;
  }

  private async write(rows: Queued[]): Promise<void> {
    const params: unknown[] = [];
    for (const r of rows) {
      const time = storedAt(r.at);
      params.push(r.userId, r.action, r.ip, r.params, r.reqId, r.apiKey, time, time);
    }
    try {
      await this.db.run(this.insertSql(rows.length), params);
      this.counts.written += rows.length;
    } catch (err) {
      this.counts.failed += rows.length;
      try {
        this.opts.onError?.(err, rows.length);
      } catch {
        // A failing reporter must not stop the writer; the rows are already counted as failed.
      }
    }
  }
}
