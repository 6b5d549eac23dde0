/**
 * Generating redemption codes: the form's values as the body of `base/coupon/generate`, and the
 * generated batch as text to copy and as a CSV file. Pure.
 */
import { toCsv } from '../crud/csv';

/** 1 adds VIP days, 2 credits tokens (entities/base/coupon.entity.ts). */
export const COUPON_TYPE = { days: 1, tokens: 2 } as const;
export type CouponType = (typeof COUPON_TYPE)[keyof typeof COUPON_TYPE];

export const MAX_CODES = 1000;

export interface GenerateValues {
  count: number;
  type: CouponType;
  days?: number | null;
  tokens?: number | null;
  /** The end of the codes' validity (a Date, or anything with toISOString such as a dayjs value). */
  expireTime?: { toISOString(): string } | null;
  memo?: string | null;
}

export interface GenerateBody {
  count: number;
  type: CouponType;
  days?: number;
  tokens?: number;
  expireTime?: string;
  memo?: string;
}

/** The body the server takes: days only for VIP codes, tokens only for token codes, nothing empty. */
export function generateBody(v: GenerateValues): GenerateBody {
  const body: GenerateBody = { count: v.count, type: v.type };
  if (v.type === COUPON_TYPE.days && v.days != null) body.days = v.days;
  if (v.type === COUPON_TYPE.tokens && v.tokens != null) body.tokens = v.tokens;
  if (v.expireTime) body.expireTime = v.expireTime.toISOString();
  const memo = v.memo?.trim();
  if (memo) body.memo = memo;
  return body;
}

/** What the file says of the whole batch, already in the interface language. */
export interface BatchInfo {
  type: string;
  /** `30 days`, `50 tokens` */
  value: string;
  /** The expiry as shown, or empty. */
  expires: string;
  memo: string;
}

export interface CsvHeaders {
  code: string;
  type: string;
  value: string;
  expires: string;
  memo: string;
}

/** One row per code under a header row; the batch's details repeated on each row so a row stands alone. */
export function codesMatrix(codes: readonly string[], batch: BatchInfo, h: CsvHeaders): string[][] {
  return [[h.code, h.type, h.value, h.expires, h.memo], ...codes.map((c) => [c, batch.type, batch.value, batch.expires, batch.memo])];
}

export function codesCsv(codes: readonly string[], batch: BatchInfo, h: CsvHeaders): string {
  return toCsv(codesMatrix(codes, batch, h));
}

/** The codes one a line, for the clipboard. */
export function codesText(codes: readonly string[]): string {
  return codes.join('\n');
}

/** `redemption-codes-20261125-0633.csv` */
export function codesFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `redemption-codes-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.csv`;
}
