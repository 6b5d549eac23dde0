import { describe, expect, it } from 'vitest';
import { parse } from 'node:querystring';
import { flatQuery } from '../../server/core/http/query-string';

/** What the dispatcher answered before the plain case was split by hand: Node's parser, first value of each name. */
function viaNode(qs: string): Record<string, string> {
  const q = parse(qs);
  const out: Record<string, string> = {};
  for (const k in q) {
    const v = q[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}

describe('flatQuery', () => {
  it('keeps the first value of a repeated name', () => {
    expect(flatQuery('id=5&id=6&size=')).toEqual({ id: '5', size: '' });
  });

  it('answers what Node’s parser answers, for plain and encoded query strings alike', () => {
    const parts = ['a', 'b', 'id', '=', '&', '_', '.', '5', '__proto__', 'toString', 'constructor', '%20', '%zz', '+', '~', '-', 'é'];
    // A fixed pseudo-random walk, so a failure repeats.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let i = 0; i < 50_000; i++) {
      let qs = '';
      for (let n = next() % 9; n > 0; n--) qs += parts[next() % parts.length];
      expect(Object.entries(flatQuery(qs)), qs).toEqual(Object.entries(viaNode(qs)));
    }
  });

  it('leaves a name __proto__ out, as the plain object it fills always did', () => {
    expect(Object.getPrototypeOf(flatQuery('__proto__=1&id=2'))).toBe(Object.prototype);
    expect(flatQuery('__proto__=1&id=2')).toEqual({ id: '2' });
  });
});
