/**
 * The session client's HTTP layer (000 §7, §8, §9; docs/reference/api.md): the envelope, the errors and
 * their messages, the 30 s timeout, and the token refresh queue (one refresh at a time; every other
 * request waits for it and resumes with the new token).
 */
import { t, type Lang } from './messages';
import { createSession, type Session, type StorageLike, type TokenPair } from './session';

export type MessageKind = 'error' | 'success';
/** `expired`: both tokens ran out; `sessionEnded`: the server ended the session (the socket's notice). */
export type LogoutReason = 'unauthorized' | 'refreshFailed' | 'expired' | 'sessionEnded';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The part of `fetch` the client uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
) => Promise<{ status: number; ok: boolean; statusText?: string; text(): Promise<string> }>;

export const SUCCESS_CODE = 1000;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The refresh call this client sends by itself when the access token ran out. */
export const REFRESH_PATH = '/admin/base/open/refreshToken';

export interface HttpOptions {
  baseUrl?: string;
  fetch?: FetchLike;
  storage: StorageLike;
  lang: () => Lang;
  onMessage: (kind: MessageKind, text: string) => void;
  onLogout: (reason: LogoutReason) => void;
  /** After a refresh stored a new pair (the socket takes the new access token). */
  onTokens?: (token: string) => void;
  timeoutMs?: number;
  now?: () => number;
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Send no token and do not wait for a refresh (sign-in, captcha, other public calls). */
  skipAuth?: boolean;
  /** Do not show error messages (the caller handles the rejection). */
  silent?: boolean;
  /** Shown as a success message when the call succeeds. */
  successMessage?: string;
}

export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}

/** A refused call. `status` is the HTTP status (0 when no response came), `code` the envelope code (0 when none). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  constructor(init: { code: number; status: number; message: string; data?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.data = init.data;
  }
}

export interface Http {
  request<T = unknown>(method: Method, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /**
   * Ends the session here with the catalogue's message: `expired` when both tokens ran out (a
   * navigation or reload finds them so), `sessionEnded` when the server ended it. Clears the tokens
   * and user info and tells onLogout (once, as a failing request does).
   */
  end(reason: 'expired' | 'sessionEnded'): void;
  /** The session the client reads and writes (tokens and user info). */
  readonly session: Session;
}

function isEnvelope(v: unknown): v is Envelope {
  return !!v && typeof v === 'object' && typeof (v as { code?: unknown }).code === 'number';
}

function isFormLike(body: unknown): boolean {
  const g = globalThis as unknown as { FormData?: abstract new (...a: never[]) => object; Blob?: abstract new (...a: never[]) => object };
  return (!!g.FormData && body instanceof g.FormData) || (!!g.Blob && body instanceof g.Blob);
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v == null) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function createHttp(opts: HttpOptions): Http {
  const baseUrl = (opts.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch: FetchLike = opts.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = opts.now ?? Date.now;
  const session = createSession(opts.storage, now);

  /** The refresh in flight; every authenticated request waits on it. */
  let refreshing: Promise<string> | null = null;

  const msg = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(opts.lang(), key, params);

  function logout(reason: LogoutReason): void {
    const had = session.getToken() != null || session.getUser() != null;
    session.clear();
    // Several requests failing together log out once.
    if (had) opts.onLogout(reason);
  }

  /** One HTTP exchange and the envelope rules; no refresh logic here. */
  async function send<T>(method: Method, path: string, o: RequestOptions, token: string | null, isRefresh = false): Promise<T> {
    const showError = (text: string) => {
      if (!o.silent) opts.onMessage('error', text);
    };
    const headers: Record<string, string> = { language: opts.lang() };
    if (token) headers.Authorization = token;
    let body: unknown;
    if (o.body !== undefined) {
      if (isFormLike(o.body)) body = o.body;
      else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(o.body);
      }
    }
    const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${buildQuery(o.query)}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    let status = 0;
    let text = '';
    let statusText = '';
    try {
      const res = await doFetch(url, { method, headers, body, signal: controller.signal });
      status = res.status;
      statusText = res.statusText ?? '';
      text = await res.text();
    } catch (e) {
      const message = timedOut ? msg('timeout') : msg('network');
      showError(message);
      throw new ApiError({ code: 0, status: 0, message, data: e });
    } finally {
      clearTimeout(timer);
    }

    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const env = isEnvelope(parsed) ? parsed : null;

    if (status === 401) {
      const message = env?.message || statusText || msg('requestFailed', { status });
      if (!isRefresh) logout('unauthorized'); // a refused refresh logs out as refreshFailed
      throw new ApiError({ code: env?.code ?? 0, status, message, data: env?.data });
    }
    if (status < 200 || status >= 300) {
      const message = env?.message || statusText || msg('requestFailed', { status });
      showError(message);
      throw new ApiError({ code: env?.code ?? 0, status, message, data: env?.data });
    }
    if (!env) return parsed as T; // a non-envelope answer (e.g. openapi.json) is the data itself
    if (env.code !== SUCCESS_CODE) {
      const message = env.message || msg('requestFailed', { status: env.code });
      showError(message);
      throw new ApiError({ code: env.code, status, message, data: env.data });
    }
    if (o.successMessage) opts.onMessage('success', o.successMessage);
    return env.data as T;
  }

  /** Starts the refresh, or joins the one in flight. Resolves with the new access token. */
  function refresh(): Promise<string> {
    if (!refreshing) {
      const refreshToken = session.getRefreshToken() ?? '';
      refreshing = send<TokenPair>('GET', REFRESH_PATH, { query: { refreshToken }, skipAuth: true, silent: true }, null, true)
        .then((pair) => {
          if (!pair || typeof pair.token !== 'string') throw new ApiError({ code: 0, status: 200, message: 'refresh' });
          session.setTokens(pair);
          opts.onTokens?.(pair.token);
          return pair.token;
        })
        .catch((e: unknown) => {
          logout('refreshFailed');
          throw e;
        })
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  /** The token to send: waits for a running refresh, starts one when needed, or ends a dead session. */
  async function tokenFor(): Promise<string | null> {
    if (refreshing) return refreshing;
    switch (session.tokenState()) {
      case 'none':
        return null;
      case 'valid':
        return session.getToken();
      case 'refreshable':
        return refresh();
      case 'expired':
        throw new ApiError({ code: 0, status: 401, message: end('expired') });
    }
  }

  function end(reason: 'expired' | 'sessionEnded'): string {
    const message = msg(reason === 'expired' ? 'sessionExpired' : 'sessionEnded');
    if (session.getToken() != null || session.getUser() != null) opts.onMessage('error', message);
    logout(reason);
    return message;
  }

  async function request<T>(method: Method, path: string, o: RequestOptions = {}): Promise<T> {
    const token = o.skipAuth ? null : await tokenFor();
    return send<T>(method, path, o, token);
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    end: (reason) => void end(reason),
    session,
  };
}
