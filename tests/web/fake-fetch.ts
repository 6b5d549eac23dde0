/** A fake fetch for the session client's tests: records every call and answers from a handler. */
import type { FetchLike } from '../../web/src/lib/http';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  statusText?: string;
}

export type Handler = (call: RecordedCall) => FakeResponse | Promise<FakeResponse>;

export function ok(data: unknown): FakeResponse {
  return { status: 200, body: { code: 1000, message: 'success', data } };
}

export function fakeFetch(handler: Handler): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call: RecordedCall = { url, method: init.method, headers: { ...init.headers }, body: init.body, signal: init.signal };
    calls.push(call);
    const r = await handler(call);
    const status = r.status ?? 200;
    const text = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    return { status, ok: status >= 200 && status < 300, statusText: r.statusText ?? '', text: async () => text };
  };
  return { fetch, calls };
}

/** A promise with its resolve function exposed. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
