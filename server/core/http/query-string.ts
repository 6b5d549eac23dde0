/**
 * A request's query string as one value per name (the first, when a name repeats), as the
 * dispatcher hands it to handlers.
 */
import { parse } from 'node:querystring';

/** Names and values that need no decoding: no `%`, no `+`, no second `=` in a pair. */
const PLAIN = /^[\w.~-]*(?:=[\w.~-]*)?(?:&[\w.~-]*(?:=[\w.~-]*)?)*$/;

/**
 * `querystring.parse(qs)` with each repeated name's first value. A plain query string (the
 * `?id=12` of every info call) is split directly: Node's parser builds a null-prototype object and
 * arrays for repeated names, which the flattening then copies again, on every request.
 *
 * @example flatQuery('id=5&id=6&size=') // { id: '5', size: '' }
 */
export function flatQuery(qs: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (qs.length <= 512 && PLAIN.test(qs)) {
    let at = 0;
    while (at <= qs.length) {
      let end = qs.indexOf('&', at);
      if (end < 0) end = qs.length;
      if (end > at) {
        const eq = qs.indexOf('=', at);
        const hasValue = eq >= 0 && eq < end;
        const k = hasValue ? qs.slice(at, eq) : qs.slice(at, end);
        if (!Object.prototype.hasOwnProperty.call(out, k)) out[k] = hasValue ? qs.slice(eq + 1, end) : '';
      }
      at = end + 1;
    }
    return out;
  }
  const q = parse(qs);
  for (const k in q) {
    const v = q[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}
