/**
 * The price of a run by use (server/modules/ai/metering.ts): cached input tokens at the cached
 * price, or at the input price when the model has none; never more cached than the prompt; rounded
 * up to a whole ledger unit.
 */
import { describe, expect, it } from 'vitest';
import { estimateUnits, meterOfRun, meterUnits } from '../../server/modules/ai/metering';

const meter = { priceInput: 1000, priceCachedInput: 250, priceOutput: 3000, coefficient: 1 };

describe('meterUnits', () => {
  it('charges the cached part of the prompt at the cached price', () => {
    // (100 x 1000 + 300 x 250 + 100 x 3000) / 100 units
    expect(meterUnits(meter, 400, 100, 300)).toBe(4750);
    expect(meterUnits({ ...meter, coefficient: 1.5 }, 400, 100, 300)).toBe(7125);
    expect(meterUnits(meter, 400, 100)).toBe(7000);
  });

  it('charges cached input at the input price when the model has no cached price', () => {
    expect(meterUnits({ ...meter, priceCachedInput: 0 }, 400, 100, 300)).toBe(meterUnits(meter, 400, 100));
  });

  it('never counts more cached tokens than the prompt, nor negative ones', () => {
    expect(meterUnits(meter, 400, 100, 10_000)).toBe(meterUnits(meter, 400, 100, 400));
    expect(meterUnits(meter, 400, 100, -5)).toBe(meterUnits(meter, 400, 100, 0));
  });

  it('rounds up to a whole unit', () => {
    // 1 cached token at 250 per million: 2.5 units -> 3
    expect(meterUnits(meter, 1, 0, 1)).toBe(3);
  });

  it('reserves as if nothing were cached, so a charge never exceeds its estimate', () => {
    const messages = [{ role: 'user' as const, content: 'x'.repeat(400) }];
    const estimate = estimateUnits(meter, messages, 200);
    expect(estimate).toBe(meterUnits(meter, 100, 200));
    expect(meterUnits(meter, 100, 200, 100)).toBeLessThan(estimate);
  });

  it("reads a run row's cached price back, 0 when unset", () => {
    expect(meterOfRun({ pricing: 1, priceInput: '1000.000000', priceCachedInput: '250.000000', priceOutput: 3000, coefficient: 1.5 })).toEqual({
      ...meter,
      coefficient: 1.5,
    });
    expect(meterOfRun({ pricing: 1, priceInput: 1000, priceOutput: 3000, coefficient: 1 })?.priceCachedInput).toBe(0);
    expect(meterOfRun({ pricing: 0, priceInput: 1000 })).toBeNull();
  });
});
