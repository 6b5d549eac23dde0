import { describe, expect, it } from 'vitest';
import { ping, pingSummary } from '../../web/src/workspace/social/ping';
import { demoLabel, demoPath } from '../../web/src/workspace/social/demo-links';

describe('ping', () => {
  it('times one round trip and reports a failure without throwing', async () => {
    let clock = 100;
    const now = () => clock;
    const ok = await ping(async () => {
      clock += 42;
      return { version: '1.2.3' };
    }, now);
    expect(ok).toEqual({ ok: true, ms: 42, health: { version: '1.2.3' } });
    const bad = await ping(async () => {
      clock += 7;
      throw new Error('down');
    }, now);
    expect(bad).toEqual({ ok: false, ms: 7 });
  });
  it('summarises the successful pings', () => {
    expect(
      pingSummary([
        { ok: true, ms: 30 },
        { ok: false, ms: 5 },
        { ok: true, ms: 10 },
        { ok: true, ms: 20 },
      ]),
    ).toEqual({ min: 10, max: 30, median: 20, failed: 1 });
    expect(
      pingSummary([
        { ok: true, ms: 10 },
        { ok: true, ms: 21 },
      ])?.median,
    ).toBe(16);
    expect(pingSummary([{ ok: false, ms: 1 }])).toBeNull();
  });
});

describe('route demo links', () => {
  it('encodes the params in the address and shows them readable', () => {
    expect(demoPath({ id: '7', name: '中文名' })).toBe('/demo/test/route/7/%E4%B8%AD%E6%96%87%E5%90%8D');
    expect(demoLabel({ id: '7', name: '中文名' })).toBe('/demo/test/route/7/中文名');
    expect(demoPath({ id: '42', name: 'bob', query: 'tab=info' })).toBe('/demo/test/route/42/bob?tab=info');
    expect(demoPath({ id: '1' })).toBe('/demo/test/route/1');
  });
});
