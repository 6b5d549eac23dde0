/** The JSON nesting limit, and the request-log rule that keeps parameter data out of the log. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/core/errors';
import { assertBodyDepth, MAX_JSON_DEPTH, nestedDeeperThan } from '../../server/core/http/json-depth';
import { requestLogEntry } from '../../server/core/log/request-log';

function nested(levels: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

function refusal(body: unknown): unknown {
  try {
    assertBodyDepth(body);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).data;
  }
}

describe('JSON nesting limit', () => {
  it('counts arrays and objects as levels and scalars as none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('allows 32 levels and refuses 33', () => {
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(nestedDeeperThan(nested(32))).toBe(false);
    expect(nestedDeeperThan(nested(33))).toBe(true);
  });

  it('walks a million levels without overflowing the stack', () => {
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`))).toBe(true);
  });

  it('names each too-deep field of a body, and the row of a batch', () => {
    expect(refusal({ ok: nested(32), bad: nested(33), alsoBad: nested(40) })).toEqual([
      { field: 'bad', rule: 'depth', params: { max: 32 } },
      { field: 'alsoBad', rule: 'depth', params: { max: 32 } },
    ]);
    expect(refusal([{ ok: 1 }, { config: nested(100) }])).toEqual([{ field: '[1].config', rule: 'depth', params: { max: 32 } }]);
    expect(refusal([JSON.parse(`${'['.repeat(50)}${']'.repeat(50)}`)])).toEqual([{ field: '[0]', rule: 'depth', params: { max: 32 } }]);
    expect(refusal({ shallow: nested(32) })).toBeNull();
  });
});

describe('parameter data in the request log', () => {
  const logged = (path: string, body: unknown) => JSON.parse(requestLogEntry(path, null, '127.0.0.1', body, undefined).params as string);

  it('redacts the data of every parameter add and update, one row or a batch', () => {
    expect(logged('/admin/base/sys/param/add', { keyName: 'apiKey', data: 'sk-1' })).toEqual({ keyName: 'apiKey', data: '[redacted]' });
    expect(
      logged('/admin/base/sys/param/add', [
        { keyName: 'a', data: 'x' },
        { keyName: 'b', data: 'y' },
      ]),
    ).toEqual([
      { keyName: 'a', data: '[redacted]' },
      { keyName: 'b', data: '[redacted]' },
    ]);
    expect(logged('/admin/base/sys/param/update', { id: 3, name: 'Key', data: 'sk-2' })).toEqual({ id: 3, name: 'Key', data: '[redacted]' });
  });

  it('keeps a data field of other routes', () => {
    expect(logged('/admin/demo/goods/add', { data: 'shown' })).toEqual({ data: 'shown' });
  });
});
