/**
 * The LLM adapter's one error type, and how a failure of the `openai` package (or of our own
 * timers) becomes one. Callers decide on `kind` alone: `unconfigured` (no provider set: a 503 for
 * the member), `timeout` (no first token, or no whole answer, in time), `rate_limited` (429 after our
 * retries), `upstream` (5xx, connection refused or dropped, a malformed or truncated stream),
 * `refused` (any other 4xx: bad key, unknown model, a prompt the provider rejects), `aborted` (the
 * caller's signal). `status` is the provider's HTTP status when there was one.
 */
import type { APIError as SdkApiError } from 'openai';

export type LlmErrorKind = 'unconfigured' | 'timeout' | 'rate_limited' | 'upstream' | 'refused' | 'aborted';

/**
 * Why a chat failed. The message is for logs and the run's short `error` reason, never shown raw to
 * a member (the caller picks an i18n label by `kind`); it never contains the API key.
 *
 * @example
 * ```ts
 * try { await llm.chat({ messages }); }
 * catch (e) { if (e instanceof LlmError && e.kind === 'unconfigured') throw new AppError(503, …); throw e; }
 * ```
 */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    /** The provider's HTTP status, null when the failure was not an HTTP answer. */
    readonly status: number | null = null,
    /** Requests sent to the provider for this chat, retries included (0: none was sent). */
    readonly attempts = 0,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Which of our own aborts ended an attempt: the two time-outs or the caller's signal. */
export type AbortWhy = 'first-token' | 'whole' | 'caller';

/** What the retry loop needs of a mapped failure. */
export interface MappedFailure {
  error: LlmError;
  /** Worth another attempt, if no text has reached the listener yet. */
  retryable: boolean;
  /** The wait the provider asked for (Retry-After), before our cap; null when it asked none. */
  retryAfterMs: number | null;
}

/** The `openai` package's error classes, passed in because the package is loaded lazily. */
export interface SdkErrors {
  APIError: typeof SdkApiError;
}

/**
 * Maps a failure of one attempt. Our own abort wins over whatever the package threw for it (it
 * throws APIUserAbortError before the answer starts and ends the stream quietly after).
 */
export function mapFailure(
  err: unknown,
  why: AbortWhy | null,
  ctx: { sdk: SdkErrors; attempts: number; secret: string; limits: { firstTokenMs: number; wholeMs: number } },
): MappedFailure {
  const make = (kind: LlmErrorKind, message: string, status: number | null = null) =>
    new LlmError(kind, scrub(message, ctx.secret), status, ctx.attempts, { cause: err });
  if (why === 'caller') return { error: make('aborted', 'the caller gave up on the answer'), retryable: false, retryAfterMs: null };
  if (why === 'first-token') return { error: make('timeout', `no first token within ${ctx.limits.firstTokenMs} ms`), retryable: false, retryAfterMs: null };
  if (why === 'whole') return { error: make('timeout', `no whole answer within ${ctx.limits.wholeMs} ms`), retryable: false, retryAfterMs: null };
  if (err instanceof LlmError) return { error: err, retryable: err.kind === 'upstream', retryAfterMs: null };
  const text = err instanceof Error ? err.message : String(err);
  if (err instanceof ctx.sdk.APIError && typeof err.status === 'number') {
    const status = err.status;
    if (status === 429)
      return { error: make('rate_limited', `the provider is rate limiting: ${text}`, status), retryable: true, retryAfterMs: retryAfter(err.headers) };
    if (status >= 500) return { error: make('upstream', `the provider failed: ${text}`, status), retryable: true, retryAfterMs: retryAfter(err.headers) };
    return { error: make('refused', `the provider refused the request: ${text}`, status), retryable: false, retryAfterMs: null };
  }
  // No status: connection refused or reset, the body cut mid-stream, an error event inside the stream.
  return { error: make('upstream', `the provider could not be reached or broke off: ${text}`), retryable: true, retryAfterMs: null };
}

/**
 * The wait a 429 or 5xx asks for: `retry-after-ms` (OpenAI's, in milliseconds), else `Retry-After`
 * in seconds or as an HTTP date. Null when absent or unreadable.
 */
export function retryAfter(headers: { get(name: string): string | null } | undefined): number | null {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after')?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

/** Providers quote part of a wrong key back; ours never goes into a message or a log. */
function scrub(message: string, secret: string): string {
  return secret.length >= 4 ? message.split(secret).join('***') : message;
}
