/**
 * A local X API v2 on 127.0.0.1 that the product's X adapter (server/adapters/x.adapter.ts) talks to,
 * for the monitor's tests and `npm run start:fakes`. It answers X's wire format for what the monitor
 * uses: `GET /2/tweets/search/recent`, `GET /2/users/by/username/:username`, `GET /2/users/:id/tweets`
 * (posts newest first, `since_id`, `max_results` within X's bounds, only the `tweet.fields` and
 * `user.fields` asked for, authors under `includes.users` with `expansions=author_id`, `meta` with
 * newest_id / oldest_id / result_count; an unknown username is a 200 with `errors` and no `data`) and
 * `POST /oauth2/token` (client credentials with HTTP Basic key:secret -> a bearer token). Query
 * parameters X does not know are refused (400, X's problem shape), so a client that puts another
 * name on the wire fails here as it would there. Every call but the token exchange needs
 * `Authorization: Bearer <bearerToken>` (401 otherwise); every answer carries x-rate-limit-* headers.
 *
 * `fail(times, {status, path?})` queues failures for the next API requests (of one path, if given): 500,
 * 503, 429 with x-rate-limit-reset `resetInSeconds` ahead; `requests` records every call.
 *
 * Search matching: a query is words; `from:name` matches the author, any other word a text that
 * contains it (case-insensitive); all must match.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeXUser {
  id: string;
  username: string;
  name: string;
}

export interface FakeXPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  metrics: { retweet_count: number; reply_count: number; like_count: number; quote_count: number };
}

export interface FakeXRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string;
  status: number;
  at: number;
}

export interface FakeXFailure {
  status: number;
  /** For a 429: x-rate-limit-reset this many seconds from now (default 900). */
  resetInSeconds?: number;
  /** Only requests whose path starts with this fail (default: any API request). */
  path?: string;
}

const SEARCH_PARAMS = [
  'query',
  'max_results',
  'since_id',
  'until_id',
  'start_time',
  'end_time',
  'next_token',
  'pagination_token',
  'sort_order',
  'tweet.fields',
  'expansions',
  'user.fields',
  'media.fields',
  'poll.fields',
  'place.fields',
];
const TIMELINE_PARAMS = [
  'max_results',
  'since_id',
  'until_id',
  'start_time',
  'end_time',
  'pagination_token',
  'exclude',
  'tweet.fields',
  'expansions',
  'user.fields',
  'media.fields',
  'poll.fields',
  'place.fields',
];
const USER_PARAMS = ['user.fields', 'expansions', 'tweet.fields'];
const LIMIT = 450;

export class FakeX {
  url = '';
  readonly requests: FakeXRequest[] = [];
  readonly users: FakeXUser[] = [];
  readonly posts: FakeXPost[] = [];
  private failures: FakeXFailure[] = [];
  private server!: Server;
  private nextId = 1_800_000_000_000_000_000n;

  constructor(
    readonly bearerToken = 'fake-x-bearer-token',
    readonly apiKey = 'fake-x-api-key',
    readonly apiSecret = 'fake-x-api-secret',
  ) {}

  /** Listens on 127.0.0.1 at `port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) this.problem(res, 500, 'Internal Server Error', `fake X fault: ${String(e)}`);
        else res.destroy();
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

  /** The settings that point the product's X adapter here. */
  env(): Record<string, string> {
    return { X_API_BASE_URL: this.url };
  }

  addUser(username: string, name = username): FakeXUser {
    const user = { id: String(2_244_994_945 + this.users.length * 7), username, name };
    this.users.push(user);
    return user;
  }

  /** A new post, newer than every post before it. */
  addPost(author: FakeXUser, text: string, createdAt = new Date()): FakeXPost {
    this.nextId += BigInt(1 + Math.floor(Math.random() * 1000));
    const post = {
      id: String(this.nextId),
      authorId: author.id,
      text,
      createdAt: createdAt.toISOString(),
      metrics: { retweet_count: 1, reply_count: 2, like_count: this.posts.length + 3, quote_count: 0 },
    };
    this.posts.push(post);
    return post;
  }

  /** Queues `times` failures for the next API requests. */
  fail(times: number, failure: FakeXFailure): this {
    for (let i = 0; i < times; i++) this.failures.push(failure);
    return this;
  }

  /** API calls received (the token exchange included). */
  calls(path?: string): FakeXRequest[] {
    return path ? this.requests.filter((r) => r.path.startsWith(path)) : this.requests;
  }

  private rateHeaders(): Record<string, string> {
    return {
      'x-rate-limit-limit': String(LIMIT),
      'x-rate-limit-remaining': String(LIMIT - 1),
      'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900),
    };
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...this.rateHeaders(), ...headers }).end(JSON.stringify(body));
  }

  private problem(res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}): void {
    this.send(res, status, { title, detail, type: 'about:blank', status }, headers);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const u = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(u.searchParams);
    const log: FakeXRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query,
      authorization: String(req.headers.authorization ?? ''),
      status: 0,
      at: Date.now(),
    };
    this.requests.push(log);
    const reply = (status: number, body: unknown, headers?: Record<string, string>) => {
      log.status = status;
      this.send(res, status, body, headers);
    };
    const refuse = (status: number, title: string, detail: string, headers?: Record<string, string>) => {
      log.status = status;
      this.problem(res, status, title, detail, headers);
    };
    if (req.method === 'POST' && u.pathname === '/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${encodeURIComponent(this.apiKey)}:${encodeURIComponent(this.apiSecret)}`).toString('base64')}`;
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (log.authorization !== basic)
        return reply(403, { errors: [{ code: 99, label: 'authenticity_token_error', message: 'Unable to verify your credentials' }] });
      if (form.get('grant_type') !== 'client_credentials')
        return reply(400, { errors: [{ code: 170, label: 'forbidden-missing-parameter', message: 'Missing required parameter: grant_type' }] });
      return reply(200, { token_type: 'bearer', access_token: this.bearerToken });
    }
    if (log.authorization !== `Bearer ${this.bearerToken}`) return refuse(401, 'Unauthorized', 'Unauthorized');
    const at = this.failures.findIndex((f) => !f.path || u.pathname.startsWith(f.path));
    const failure = at >= 0 ? this.failures.splice(at, 1)[0] : undefined;
    if (failure) {
      if (failure.status === 429) {
        const reset = String(Math.floor(Date.now() / 1000) + (failure.resetInSeconds ?? 900));
        return refuse(429, 'Too Many Requests', 'Too Many Requests', { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset });
      }
      return refuse(failure.status, failure.status >= 500 ? 'Service Unavailable' : 'Error', `fake X failure (HTTP ${failure.status})`);
    }
    if (req.method !== 'GET') return refuse(404, 'Not Found Error', `No route for ${req.method} ${u.pathname}`);
    const byName = /^\/2\/users\/by\/username\/([^/]+)$/.exec(u.pathname);
    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(u.pathname);
    const known = u.pathname === '/2/tweets/search/recent' ? SEARCH_PARAMS : timeline ? TIMELINE_PARAMS : byName ? USER_PARAMS : null;
    if (!known) return refuse(404, 'Not Found Error', `No route for ${u.pathname}`);
    const unknown = Object.keys(query).filter((k) => !known.includes(k));
    if (unknown.length) return this.invalid(reply, `The query parameter [${unknown[0]}] is not one of [${known.join(',')}]`, unknown[0]!);
    if (byName) {
      const name = decodeURIComponent(byName[1]!);
      const user = this.users.find((x) => x.username.toLowerCase() === name.toLowerCase());
      if (!user) {
        return reply(200, {
          errors: [
            {
              value: name,
              detail: `Could not find user with username: [${name}].`,
              title: 'Not Found Error',
              resource_type: 'user',
              parameter: 'username',
              resource_id: name,
              type: 'https://api.twitter.com/2/problems/resource-not-found',
            },
          ],
        });
      }
      return reply(200, { data: this.userFields(user) });
    }
    const [min, max] = timeline ? [5, 100] : [10, 100];
    const n = query.max_results === undefined ? 10 : Number(query.max_results);
    if (!Number.isInteger(n) || n < min || n > max)
      return this.invalid(reply, `The \`max_results\` query parameter value [${query.max_results}] is not between ${min} and ${max}`, 'max_results');
    if (query.since_id !== undefined && !/^\d{1,19}$/.test(query.since_id))
      return this.invalid(reply, 'The `since_id` query parameter value is not valid', 'since_id');
    let match: (p: FakeXPost) => boolean;
    if (timeline) match = (p) => p.authorId === timeline[1];
    else {
      if (!query.query) return this.invalid(reply, 'The `query` query parameter can not be empty', 'query');
      const words = query.query.toLowerCase().split(/\s+/).filter(Boolean);
      match = (p) =>
        words.every((w) =>
          w.startsWith('from:') ? this.users.find((x) => x.id === p.authorId)?.username.toLowerCase() === w.slice(5) : p.text.toLowerCase().includes(w),
        );
    }
    const since = query.since_id ? BigInt(query.since_id) : null;
    const found = this.posts
      .filter((p) => match(p) && (since === null || BigInt(p.id) > since))
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
      .slice(0, n);
    if (!found.length) return reply(200, { meta: { result_count: 0 } });
    const fields = new Set((query['tweet.fields'] ?? '').split(',').filter(Boolean));
    const data = found.map((p) => ({
      id: p.id,
      text: p.text,
      edit_history_tweet_ids: [p.id],
      ...(fields.has('author_id') ? { author_id: p.authorId } : {}),
      ...(fields.has('created_at') ? { created_at: p.createdAt } : {}),
      ...(fields.has('public_metrics') ? { public_metrics: { ...p.metrics, bookmark_count: 0, impression_count: 10 } } : {}),
    }));
    const expand = (query.expansions ?? '').split(',').includes('author_id');
    const authors = [...new Set(found.map((p) => p.authorId))].map((id) => this.users.find((x) => x.id === id)).filter((x): x is FakeXUser => !!x);
    return reply(200, {
      data,
      ...(expand ? { includes: { users: authors.map((a) => this.userFields(a)) } } : {}),
      meta: { newest_id: found[0]!.id, oldest_id: found[found.length - 1]!.id, result_count: found.length },
    });
  }

  /** id, name and username always; other user.fields are not stored here. */
  private userFields(u: FakeXUser): Record<string, string> {
    return { id: u.id, name: u.name, username: u.username };
  }

  private invalid(reply: (status: number, body: unknown) => void, message: string, parameter: string): void {
    reply(400, {
      errors: [{ parameters: { [parameter]: [] }, message }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    });
  }
}

/** Starts a fake X API (see the class) on `port` (0: any free port). */
export function startFakeX(port = 0): Promise<FakeX> {
  return new FakeX().start(port);
}
