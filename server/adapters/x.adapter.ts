/**
 * The X (formerly Twitter) API v2, read only, for the X monitor (server/modules/site/monitor): recent
 * search (`GET /2/tweets/search/recent`), user lookup (`GET /2/users/by/username/:username`) and user
 * timelines (`GET /2/users/:id/tweets`), each with `tweet.fields`, `expansions=author_id` and
 * `user.fields`, authenticated app-only with `Authorization: Bearer`.
 *
 * Plain `fetch`, not an SDK. The official SDK (`@xdevplatform/xdk`, 0.6.6 when this was written) takes a
 * `baseUrl`, but its search and timeline methods put `post.fields` on the wire where X's API reference
 * names `tweet.fields`, and its generic `request()` would have been a 4.6 MB wrapper around the same
 * fetch. Should the SDK come to send X's parameters, swapping it in changes only this file.
 *
 * Settings (AppConfig.env):
 * - X_API_BASE_URL: the API root (default https://api.x.com); tests and `npm run start:fakes` point it at
 *   a local fake (tests/helpers/fake-x.ts).
 * - X_API_TIMEOUT_MS: each request (default 10000).
 * - X_API_MAX_RETRIES: further attempts after a 5xx or a connection error (default 2).
 * - X_API_RETRY_BASE_MS: the first back-off (default 1000), doubled per attempt, with jitter.
 * Credentials come from the caller (the monitor's stored settings): a bearer token, or an API key and
 * secret that are exchanged for one at `POST /oauth2/token` (client credentials) on the first request.
 *
 * Decisions:
 * - A 429 is not waited out here: X's windows last up to 15 minutes. It rejects at once with kind
 *   `rate_limited` and `resetAt` from `x-rate-limit-reset` (epoch seconds), and the caller stops asking
 *   until then. 5xx and connection errors are retried; a time-out is not (a slow API is likely slow again).
 * - Every message is scrubbed of the credentials (X sometimes quotes a request back); none reaches a
 *   log or an answer.
 * - An answer that is not X's shape (no `data` array or object where one is due, ids that are not
 *   digits) is kind `bad_answer`, never half-read.
 *
 * @example
 * ```ts
 * const x = createX(core.config.env, { bearerToken });
 * const page = await x.searchRecent('cosmac lang:en', { maxResults: 10, sinceId, signal });
 * page.posts[0].authorUsername; page.newestId;
 * ```
 */

export type XErrorKind = 'unconfigured' | 'unauthorized' | 'refused' | 'rate_limited' | 'upstream' | 'timeout' | 'bad_answer' | 'aborted';

/** Why a call failed; `status` is X's HTTP status (null without one), `resetAt` when a 429 said it. */
export class XApiError extends Error {
  override readonly name = 'XApiError';
  constructor(
    readonly kind: XErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly resetAt: Date | null = null,
  ) {
    super(message);
  }
}

export interface XCredentials {
  bearerToken?: string | null;
  apiKey?: string | null;
  apiSecret?: string | null;
}

export interface XPost {
  id: string;
  text: string;
  authorId: string | null;
  authorUsername: string | null;
  authorName: string | null;
  /** ISO-8601, as X gives `created_at`. */
  createdAt: string | null;
  /** X's `public_metrics` (like_count, retweet_count, ...). */
  metrics: Record<string, number> | null;
  /** The post's public address on x.com. */
  url: string;
}

export interface XPostPage {
  /** Newest first, as X answers. */
  posts: XPost[];
  /** `meta.newest_id`: the since_id of the next call; null when nothing came. */
  newestId: string | null;
}

export interface XUser {
  id: string;
  username: string;
  name: string;
}

export interface XReadOptions {
  /** Posts per request: 10..100 for search, 5..100 for timelines (clamped). */
  maxResults?: number;
  /** Only posts newer than this id. */
  sinceId?: string | null;
  signal?: AbortSignal;
}

export interface XAdapter {
  /** False when no bearer token and no key-and-secret pair was given. */
  readonly configured: boolean;
  searchRecent(query: string, o?: XReadOptions): Promise<XPostPage>;
  /** The user, or null when X knows no such username. */
  userByUsername(username: string, o?: { signal?: AbortSignal }): Promise<XUser | null>;
  userPosts(userId: string, o?: XReadOptions): Promise<XPostPage>;
}

const TWEET_FIELDS = 'created_at,author_id,public_metrics';
const USER_FIELDS = 'username,name';
const ID = /^\d{1,20}$/;

interface XSettings {
  base: string;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
}

const num = (raw: string | undefined, fallback: number, min: number): number => {
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

function readSettings(env: Record<string, string | undefined>): XSettings {
  let base = env.X_API_BASE_URL?.trim().replace(/\/+$/, '') || 'https://api.x.com';
  if (!/^https?:\/\/[^\s/]+/i.test(base)) base = 'https://api.x.com';
  return {
    base,
    timeoutMs: num(env.X_API_TIMEOUT_MS, 10_000, 1),
    maxRetries: Math.floor(num(env.X_API_MAX_RETRIES, 2, 0)),
    retryBaseMs: num(env.X_API_RETRY_BASE_MS, 1000, 0),
  };
}

const clip = (s: string, max = 200) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** What X's error body says: an RFC 7807 problem (`detail`, `title`) or v1-style `errors[0].message`. */
function problemText(body: unknown): string {
  if (!isObj(body)) return '';
  const first = Array.isArray(body.errors) && isObj(body.errors[0]) ? body.errors[0] : {};
  return str(body.detail) ?? str(body.title) ?? str(first.message) ?? str(first.detail) ?? '';
}

/** `x-rate-limit-reset` (epoch seconds), else `retry-after` (seconds); null when neither is readable. */
function resetOf(headers: Headers): Date | null {
  const reset = Number(headers.get('x-rate-limit-reset') ?? Number.NaN);
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  const after = Number(headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(after) && after >= 0 ? new Date(Date.now() + after * 1000) : null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Posts of a search or timeline answer, with their authors from `includes.users`. */
function postsOf(body: unknown): XPostPage {
  if (!isObj(body)) throw new XApiError('bad_answer', 'X answered something that is not a JSON object');
  const data = body.data ?? [];
  if (!Array.isArray(data)) throw new XApiError('bad_answer', 'X answered posts that are not a list');
  const users = new Map<string, XUser>();
  const included = isObj(body.includes) && Array.isArray(body.includes.users) ? body.includes.users : [];
  for (const u of included) {
    if (isObj(u) && typeof u.id === 'string') users.set(u.id, { id: u.id, username: str(u.username) ?? '', name: str(u.name) ?? '' });
  }
  const posts = data.map((p): XPost => {
    if (!isObj(p) || typeof p.id !== 'string' || !ID.test(p.id) || typeof p.text !== 'string') {
      throw new XApiError('bad_answer', 'X answered a post without a numeric id or a text');
    }
    const authorId = str(p.author_id);
    const author = authorId ? users.get(authorId) : undefined;
    const metrics = isObj(p.public_metrics)
      ? (Object.fromEntries(Object.entries(p.public_metrics).filter(([, v]) => typeof v === 'number')) as Record<string, number>)
      : null;
    const username = author?.username || null;
    return {
      id: p.id,
      text: p.text,
      authorId,
      authorUsername: username,
      authorName: author?.name || null,
      createdAt: str(p.created_at),
      metrics,
      url: username ? `https://x.com/${encodeURIComponent(username)}/status/${p.id}` : `https://x.com/i/web/status/${p.id}`,
    };
  });
  const newest = isObj(body.meta) ? str(body.meta.newest_id) : null;
  return { posts, newestId: newest && ID.test(newest) ? newest : (posts[0]?.id ?? null) };
}

/** Builds the adapter; nothing is sent until the first call. */
export function createX(env: Record<string, string | undefined>, credentials: XCredentials): XAdapter {
  const s = readSettings(env);
  const bearer = credentials.bearerToken?.trim() || '';
  const apiKey = credentials.apiKey?.trim() || '';
  const apiSecret = credentials.apiSecret?.trim() || '';
  const secrets = [bearer, apiKey, apiSecret].filter((v) => v.length >= 4);
  const scrub = (text: string) => secrets.reduce((t, v) => t.split(v).join('***'), text);
  let token: Promise<string> | null = bearer ? Promise.resolve(bearer) : null;

  /** One request with time-out, retries of 5xx and connection errors, and the error mapping. */
  async function send(path: string, init: { method?: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      if (init.signal?.aborted) throw new XApiError('aborted', 'the caller gave up before X answered');
      const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(s.timeoutMs)]) : AbortSignal.timeout(s.timeoutMs);
      let failure: XApiError;
      try {
        const res = await fetch(`${s.base}${path}`, {
          method: init.method ?? 'GET',
          headers: { accept: 'application/json', ...init.headers },
          body: init.body,
          signal,
        });
        const text = await res.text();
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          if (res.ok) throw new XApiError('bad_answer', `X answered HTTP ${res.status} with a body that is not JSON`, res.status);
        }
        if (res.ok) return body;
        const said = scrub(clip(problemText(body) || res.statusText || ''));
        const what = `X answered HTTP ${res.status}${said ? `: ${said}` : ''}`;
        if (res.status === 429) throw new XApiError('rate_limited', what, 429, resetOf(res.headers));
        // 403 is X's answer to credentials without access to the endpoint (and to a bad key pair).
        if (res.status === 401 || res.status === 403) throw new XApiError('unauthorized', what, res.status);
        if (res.status < 500) throw new XApiError('refused', what, res.status);
        failure = new XApiError('upstream', what, res.status);
      } catch (err) {
        if (err instanceof XApiError) {
          if (err.kind !== 'upstream') throw err;
          failure = err;
        } else if (init.signal?.aborted) throw new XApiError('aborted', 'the caller gave up before X answered');
        else if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
          throw new XApiError('timeout', `X did not answer within ${s.timeoutMs} ms`);
        } else failure = new XApiError('upstream', `X could not be reached: ${scrub(clip((err as Error).message ?? String(err)))}`);
      }
      if (attempt >= s.maxRetries) throw failure;
      const ceiling = s.retryBaseMs * 2 ** attempt;
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2), init.signal);
    }
  }

  /** The bearer token: the stored one, or one obtained once with the key and secret. */
  function bearerToken(signal?: AbortSignal): Promise<string> {
    if (!token) {
      const basic = Buffer.from(`${encodeURIComponent(apiKey)}:${encodeURIComponent(apiSecret)}`).toString('base64');
      token = send('/oauth2/token', {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: 'grant_type=client_credentials',
        signal,
      }).then((body) => {
        const t = isObj(body) ? str(body.access_token) : null;
        if (!t || (isObj(body) && str(body.token_type)?.toLowerCase() !== 'bearer'))
          throw new XApiError('bad_answer', 'X answered the token request without a bearer token');
        secrets.push(t);
        return t;
      });
      // A failed exchange is tried again on the next call.
      token.catch(() => (token = null));
    }
    return token;
  }

  async function get(path: string, params: Record<string, string | number | null | undefined>, signal?: AbortSignal): Promise<unknown> {
    if (!bearer && !(apiKey && apiSecret)) throw new XApiError('unconfigured', 'X credentials are not set: a bearer token, or an API key and secret');
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
    const auth = await bearerToken(signal);
    const query = q.toString();
    return send(`${path}${query ? `?${query}` : ''}`, { headers: { authorization: `Bearer ${auth}` }, signal });
  }

  const clamp = (n: number | undefined, min: number) => Math.min(100, Math.max(min, Math.floor(n ?? 10)));
  const fields = { 'tweet.fields': TWEET_FIELDS, expansions: 'author_id', 'user.fields': USER_FIELDS };

  return {
    configured: !!bearer || !!(apiKey && apiSecret),
    async searchRecent(query, o = {}) {
      const body = await get('/2/tweets/search/recent', { query, max_results: clamp(o.maxResults, 10), since_id: o.sinceId, ...fields }, o.signal);
      return postsOf(body);
    },
    async userByUsername(username, o = {}) {
      const body = await get(`/2/users/by/username/${encodeURIComponent(username)}`, { 'user.fields': USER_FIELDS }, o.signal);
      // An unknown name is a 200 with `errors` and no `data`.
      if (!isObj(body)) throw new XApiError('bad_answer', 'X answered something that is not a JSON object');
      if (!isObj(body.data)) return null;
      const { id, username: name } = body.data;
      if (typeof id !== 'string' || !ID.test(id)) throw new XApiError('bad_answer', 'X answered a user without a numeric id');
      return { id, username: str(name) ?? username, name: str(body.data.name) ?? '' };
    },
    async userPosts(userId, o = {}) {
      const body = await get(
        `/2/users/${encodeURIComponent(userId)}/tweets`,
        { max_results: clamp(o.maxResults, 5), since_id: o.sinceId, ...fields },
        o.signal,
      );
      return postsOf(body);
    },
  };
}
