/** The one error class of the API, its closed set of kinds, and their mapping to HTTP and envelope codes. */
import type { MessageKey } from './i18n/messages';

/** A core message key, or one a module registered with registerMessages. */
export type AnyMessageKey = MessageKey | (string & {});

export type ErrorKind =
  'bad_request' | 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'too_many' | 'bad_gateway' | 'unavailable' | 'server';

export const KIND_STATUS: Record<ErrorKind, { status: number; code: number }> = {
  bad_request: { status: 400, code: 1001 },
  validation: { status: 400, code: 1002 },
  unauthorized: { status: 401, code: 1001 },
  forbidden: { status: 403, code: 1001 },
  not_found: { status: 404, code: 1001 },
  conflict: { status: 409, code: 1001 },
  too_large: { status: 413, code: 1001 },
  too_many: { status: 429, code: 1001 },
  bad_gateway: { status: 502, code: 1001 },
  // The request is fine but the server is not set up to serve it (e.g. no mail server): a server fault.
  unavailable: { status: 503, code: 1003 },
  server: { status: 500, code: 1003 },
};

/**
 * Refusals the caller can act on, raised by a route's handler: bad input (1001, 1002), a missing
 * record, a conflict, a rate limit. With COOL_COMPAT on they answer HTTP 200 with the same envelope,
 * since cool-admin's client shows the envelope's message only for a 200 (any other status becomes
 * its own transport error). 401 and 403 keep their status (that client signs out or shows its 403
 * page on them), and so do server and upstream faults.
 */
const BUSINESS_KINDS: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['bad_request', 'validation', 'not_found', 'conflict', 'too_many']);

/** The HTTP status of an error a handler raised; `coolCompat`: the setting of that name. */
export function errorStatus(kind: ErrorKind, coolCompat: boolean): number {
  return coolCompat && BUSINESS_KINDS.has(kind) ? 200 : KIND_STATUS[kind].status;
}

/** One entry of a 1002 answer: which field, and why. */
export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** One bad field as the validation finds it; the envelope adds the message in the caller's language. */
export interface InvalidField {
  field: string;
  rule: string;
  params: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly key: AnyMessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const fail = {
  bad: (key: AnyMessageKey, params?: Record<string, string | number>) => new AppError('bad_request', key, params),
  invalid: (errors: InvalidField[]) => new AppError('validation', 'validation_failed', { count: errors.length }, errors),
  unauthorized: (key: AnyMessageKey = 'not_signed_in') => new AppError('unauthorized', key),
  forbidden: (key: AnyMessageKey = 'no_permission') => new AppError('forbidden', key),
  notFound: (key: AnyMessageKey = 'not_found') => new AppError('not_found', key),
  conflict: (key: AnyMessageKey, params?: Record<string, string | number>) => new AppError('conflict', key, params),
  /** `params.retryAfter` (seconds), when given, is also sent as the Retry-After header. */
  tooMany: (key: AnyMessageKey = 'too_many_requests', params?: Record<string, string | number>) => new AppError('too_many', key, params),
  /** An upstream service (OAuth provider, mail server...) failed or refused us: not the caller's fault. */
  badGateway: (key: AnyMessageKey, params?: Record<string, string | number>) => new AppError('bad_gateway', key, params),
  /** A service this call needs is not configured on this server (mail without SMTP_HOST...). */
  unavailable: (key: AnyMessageKey, params?: Record<string, string | number>) => new AppError('unavailable', key, params),
};
