/**
 * Alipay (支付宝) over the official `alipay-sdk` (v4, OpenAPI 2.0 gateway, RSA2 keys), loaded on the
 * first call. The gateway comes from configuration, so tests point it at a local fake gateway on
 * 127.0.0.1 that signs its answers and notifies with keys the test generates.
 *
 * Settings (AppConfig.env):
 * - ALIPAY_APP_ID: the application's id at the open platform; without it (or the two keys) nothing
 *   is configured and every call answers AlipayNotConfigured
 * - ALIPAY_PRIVATE_KEY: the application's RSA private key, as PEM (PKCS#1 or PKCS#8) or the bare
 *   base64 body Alipay's key tool prints (`\n` written as two characters is read as a line break)
 * - ALIPAY_PUBLIC_KEY: Alipay's public key (PEM or bare base64): answers and notifies are verified with it
 * - ALIPAY_GATEWAY: default https://openapi.alipay.com/gateway.do (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do)
 * - ALIPAY_TIMEOUT_MS: how long a gateway call may take (default 10000)
 *
 * Keys never leave this file: no answer, error message or log line holds them.
 *
 * @example
 * const alipay = alipayFromEnv(core.config.env);
 * if (!alipay.configured) throw fail.unavailable(...);
 * const url = await alipay.pagePayUrl({ orderNo, amountCents: 1234, subject: 'VIP', returnUrl, notifyUrl });
 * const trade = await alipay.query(orderNo); // { tradeNo, status: 'TRADE_SUCCESS', amountCents: 1234, ... } | null
 * const ok = await alipay.verify(formFields); // a notify's or a return's signature
 */
import { createHash, createPrivateKey } from 'node:crypto';
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Alipay's trade states (trade_status). */
export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';

/** What `alipay.trade.query` says of a trade. */
export interface AlipayTrade {
  /** Alipay's trade number (trade_no). */
  tradeNo: string;
  outTradeNo: string;
  status: AlipayTradeStatus | string;
  /** total_amount in fen (CNY cents); NaN when the gateway answered something unreadable. */
  amountCents: number;
  /** The whole answer (no secrets in it), for the payment record. */
  raw: Record<string, unknown>;
}

export interface AlipayPagePay {
  orderNo: string;
  /** CNY in fen. */
  amountCents: number;
  subject: string;
  /** Where the browser comes back after paying; none: Alipay shows its own page. */
  returnUrl?: string | null;
  notifyUrl: string;
}

export interface AlipayRefund {
  orderNo: string;
  /** Alipay's trade number when known (the order's transactionId). */
  tradeNo?: string | null;
  amountCents: number;
  /** Idempotency key: sent as out_request_no, so the same key never refunds twice. */
  key: string;
  reason: string;
}

export interface AlipayAdapter {
  /** Whether app id and both keys are configured. */
  readonly configured: boolean;
  /** ALIPAY_APP_ID (what a notify's app_id must equal); null when not configured. */
  readonly appId: string | null;
  /** The signed `alipay.trade.page.pay` URL the buyer's browser opens (no network call). */
  pagePayUrl(p: AlipayPagePay): Promise<string>;
  /** `alipay.trade.query` by our order number; null when Alipay knows no such trade (not paid yet). */
  query(orderNo: string): Promise<AlipayTrade | null>;
  /** `alipay.trade.refund`; answers the refund's id (the out_request_no) and whether this call moved money. */
  refund(r: AlipayRefund): Promise<{ refundId: string; fundChange: boolean }>;
  /** Whether a notify's (or a return's) fields carry Alipay's valid RSA2 signature. */
  verify(fields: Record<string, string>): Promise<boolean>;
}

/** Thrown by the calls when Alipay is not configured. */
export class AlipayNotConfigured extends Error {
  constructor() {
    super('alipay is not configured: set ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY');
  }
}

/**
 * A gateway call failed: `unavailable` (network, timeout, HTTP error, unreadable or badly signed
 * answer) or `rejected` (Alipay answered a business error; `code`/`subCode` say which).
 */
export class AlipayError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'rejected',
    readonly code: string,
    readonly subCode: string | null = null,
  ) {
    super(`alipay ${reason}: ${code}${subCode ? ` ${subCode}` : ''}`);
  }
}

/** `1234` -> `"12.34"`: the two-decimal yuan text Alipay takes. */
export function formatYuan(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in fen: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `"12.34"` (or `"12.3"`, `"12"`) -> `1234`; NaN for anything else. Exact: no floating point. */
export function parseYuan(v: unknown): number {
  if (typeof v !== 'string') return NaN;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(v.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
}

/**
 * Alipay's out_request_no takes letters, digits and underscores, up to 64: a key of those is sent
 * as it is; any other is made of them, with a hash of the whole key so two keys never meet.
 */
export function refundRequestNo(key: string): string {
  if (/^[A-Za-z0-9_]{1,64}$/.test(key)) return key;
  const hash = createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16);
  return `${key.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 47)}_${hash}`;
}

function keyText(v: string): string {
  return v.trim().replace(/\\n/g, '\n');
}

/** The SDK reads PKCS#1 unless told PKCS#8: which one the private key is. */
function privateKeyType(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (key.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export function alipayFromEnv(env: Record<string, string | undefined>): AlipayAdapter {
  const appId = env.ALIPAY_APP_ID?.trim() || '';
  const privateKey = keyText(env.ALIPAY_PRIVATE_KEY ?? '');
  const publicKey = keyText(env.ALIPAY_PUBLIC_KEY ?? '');
  if (!appId || !privateKey || !publicKey) {
    const no = async (): Promise<never> => {
      throw new AlipayNotConfigured();
    };
    return { configured: false, appId: null, pagePayUrl: no, query: no, refund: no, verify: async () => false };
  }
  const gateway = env.ALIPAY_GATEWAY?.trim() || ALIPAY_DEFAULT_GATEWAY;
  const timeout = Number(env.ALIPAY_TIMEOUT_MS) > 0 ? Number(env.ALIPAY_TIMEOUT_MS) : 10_000;
  // The SDK (and urllib under it) is loaded on the first payment call, not at every start.
  let sdk: Promise<AlipaySdk> | null = null;
  const open = (): Promise<AlipaySdk> => {
    if (sdk) return sdk;
    sdk = import('alipay-sdk').then(
      ({ AlipaySdk: Sdk }) =>
        new Sdk({
          appId,
          privateKey,
          keyType: privateKeyType(privateKey),
          alipayPublicKey: publicKey,
          gateway,
          timeout,
          signType: 'RSA2',
          // Answers keep Alipay's own snake_case names (trade_status, total_amount...).
          camelcase: false,
        }),
    );
    sdk.catch(() => {
      sdk = null;
    });
    return sdk;
  };

  /** One gateway call whose answer's signature is checked; a business error is `rejected`. */
  const exec = async (method: string, bizContent: Record<string, unknown>): Promise<AlipaySdkCommonResult> => {
    const client = await open();
    let res: AlipaySdkCommonResult;
    try {
      res = await client.exec(method, { bizContent }, { validateSign: true });
    } catch (err) {
      // The SDK's message may quote the answer; only its class and code go on.
      const code = (err as { code?: string }).code ?? (err as Error).name ?? 'error';
      throw new AlipayError('unavailable', String(code));
    }
    if (str(res.code) !== '10000') {
      // 20000 and ACQ.SYSTEM_ERROR are Alipay being busy: the same request may be sent again.
      const busy = str(res.code) === '20000' || str(res.sub_code) === 'ACQ.SYSTEM_ERROR';
      throw new AlipayError(busy ? 'unavailable' : 'rejected', str(res.code) || 'no_code', str(res.sub_code) || null);
    }
    return res;
  };

  return {
    configured: true,
    appId,
    async pagePayUrl(p) {
      const client = await open();
      return client.pageExec('alipay.trade.page.pay', {
        method: 'GET',
        ...(p.returnUrl ? { returnUrl: p.returnUrl } : {}),
        notifyUrl: p.notifyUrl,
        bizContent: {
          out_trade_no: p.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: formatYuan(p.amountCents),
          subject: p.subject.slice(0, 256),
        },
      });
    },
    async query(orderNo) {
      try {
        const res = await exec('alipay.trade.query', { out_trade_no: orderNo });
        return {
          tradeNo: str(res.trade_no),
          outTradeNo: str(res.out_trade_no),
          status: str(res.trade_status),
          amountCents: parseYuan(res.total_amount),
          raw: { ...res },
        };
      } catch (err) {
        // No trade yet: the buyer has not paid (or not even opened the page).
        if (err instanceof AlipayError && err.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
        throw err;
      }
    },
    async refund(r) {
      const outRequestNo = refundRequestNo(r.key);
      const res = await exec('alipay.trade.refund', {
        out_trade_no: r.orderNo,
        ...(r.tradeNo ? { trade_no: r.tradeNo } : {}),
        refund_amount: formatYuan(r.amountCents),
        refund_reason: r.reason.slice(0, 256),
        out_request_no: outRequestNo,
      });
      return { refundId: outRequestNo, fundChange: str(res.fund_change) === 'Y' };
    },
    async verify(fields) {
      if (!fields.sign) return false;
      const client = await open();
      try {
        // V2: the values are checked as received (already form-decoded), not decoded a second time.
        return client.checkNotifySignV2(fields);
      } catch {
        return false;
      }
    },
  };
}
