import { describe, expect, it } from 'vitest';
import { addFormats, lazyAjv, lazyValidator } from '../../server/core/lazy-ajv';

describe('lazy ajv', () => {
  it('makes the instance on first use, once, with its setup', () => {
    let setups = 0;
    const ajv = lazyAjv({ allErrors: true, strict: false }, (a) => {
      setups++;
      addFormats(a, ['email']);
    });
    expect(setups).toBe(0);
    const a = ajv();
    expect(ajv()).toBe(a);
    expect(setups).toBe(1);
    const email = a.compile({ type: 'string', format: 'email' });
    expect(email('a@b.co')).toBe(true);
    expect(email('not an address')).toBe(false);
  });

  it("compiles a validator on its first call and leaves each call's errors on it", () => {
    let made = 0;
    const ajv = lazyAjv({ allErrors: true, strict: false }, () => made++);
    const check = lazyValidator(ajv, { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } });
    expect(made).toBe(0);
    expect(check({ name: 'abcd' })).toBe(false);
    expect(check.errors?.map((e) => e.keyword)).toEqual(['maxLength']);
    expect(check({})).toBe(false);
    expect(check.errors?.map((e) => e.keyword)).toEqual(['required']);
    expect(check({ name: 'abc' })).toBe(true);
    expect(check.errors).toBeNull();
    expect(made).toBe(1);
  });
});
