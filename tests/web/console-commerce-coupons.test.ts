import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../web/src/console/crud/csv';
import { codesCsv, codesFileName, codesMatrix, codesText, COUPON_TYPE, generateBody } from '../../web/src/console/commerce/coupon-codes';

const headers = { code: 'Code', type: 'Type', value: 'Value', expires: 'Expires', memo: 'Memo' };

describe('generating redemption codes', () => {
  it('sends tokens only for token codes and days only for VIP codes', () => {
    expect(generateBody({ count: 5, type: COUPON_TYPE.tokens, tokens: 50, days: 7 })).toEqual({ count: 5, type: 2, tokens: 50 });
    expect(generateBody({ count: 3, type: COUPON_TYPE.days, days: 30, tokens: 10 })).toEqual({ count: 3, type: 1, days: 30 });
  });

  it('sends the expiry as an ISO time and leaves out an empty memo', () => {
    const expireTime = new Date(Date.UTC(2026, 11, 31, 15, 59, 59));
    expect(generateBody({ count: 1, type: COUPON_TYPE.tokens, tokens: 1, expireTime, memo: '  ' })).toEqual({
      count: 1,
      type: 2,
      tokens: 1,
      expireTime: '2026-12-31T15:59:59.000Z',
    });
    expect(generateBody({ count: 1, type: COUPON_TYPE.days, days: 1, expireTime: null, memo: ' launch ' })).toEqual({
      count: 1,
      type: 1,
      days: 1,
      memo: 'launch',
    });
  });
});

describe('the generated codes as a file', () => {
  const batch = { type: 'Tokens', value: '50 tokens', expires: '2026-12-31 23:59:59', memo: 'Launch, week "one"' };

  it('writes a header and one row per code with the batch on each row', () => {
    expect(codesMatrix(['AAAA', 'BBBB'], batch, headers)).toEqual([
      ['Code', 'Type', 'Value', 'Expires', 'Memo'],
      ['AAAA', 'Tokens', '50 tokens', '2026-12-31 23:59:59', 'Launch, week "one"'],
      ['BBBB', 'Tokens', '50 tokens', '2026-12-31 23:59:59', 'Launch, week "one"'],
    ]);
  });

  it('is CSV with a byte-order mark that reads back to the same codes, commas and quotes included', () => {
    const csv = codesCsv(['VEK7R23J9Q4PQF9V', 'FYV8FHUXAYC5FHLR'], { ...batch, type: '代币' }, { ...headers, code: '兑换码' });
    expect(csv.startsWith('\uFEFF兑换码,')).toBe(true);
    expect(csv).toContain('"Launch, week ""one"""');
    const back = parseCsv(csv).filter((r) => r.some(Boolean));
    expect(back.map((r) => r[0])).toEqual(['兑换码', 'VEK7R23J9Q4PQF9V', 'FYV8FHUXAYC5FHLR']);
    expect(back[1]).toEqual(['VEK7R23J9Q4PQF9V', '代币', '50 tokens', '2026-12-31 23:59:59', 'Launch, week "one"']);
  });

  it('copies the codes one a line and names the file by the local time', () => {
    expect(codesText(['A', 'B', 'C'])).toBe('A\nB\nC');
    expect(codesFileName(new Date(2026, 10, 5, 7, 3))).toBe('redemption-codes-20261105-0703.csv');
  });
});
