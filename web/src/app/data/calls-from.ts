/** The functions of a table of calls (`[method, path]` leaves), each sending through the given request function. */
import type { RequestOptions } from '../../lib/http';

/** A tree of calls: each leaf is `[method, path]`. */
export type CallTable = { readonly [name: string]: CallTable | readonly [string, string] };
export type CallSend = (prefix: string, action: string, method: 'GET' | 'POST', payload: object, options: RequestOptions) => Promise<unknown>;

export function callsFrom(table: CallTable, send: CallSend): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(table)) {
    if (Array.isArray(entry)) {
      const [method, path] = entry as readonly [string, string];
      const cut = path.lastIndexOf('/');
      out[name] = (input: object = {}, options: RequestOptions = {}) =>
        send(path.slice(0, cut), path.slice(cut + 1), method === 'GET' ? 'GET' : 'POST', input, options);
    } else out[name] = callsFrom(entry as CallTable, send);
  }
  return out;
}
