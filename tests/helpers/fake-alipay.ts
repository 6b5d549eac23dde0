/**
 * A local stand-in for Alipay's OpenAPI 2.0 gateway on 127.0.0.1 (random port), speaking its wire
 * format with RSA2 key pairs the test generates (the application's pair and "Alipay's" pair):
 * - every request's signature is checked with the application's public key over its sorted
 *   parameters (sign excluded), as Alipay checks them; a bad one is answered `isv.invalid-signature`;
 * - `alipay.trade.query` / `alipay.trade.refund` answer JSON `{"<method>_response": {...}, "sign": ...}`,
 *   the signature over the response object's exact text, with Alipay's private key;
 * - the `alipay.trade.page.pay` URL opens an HTML cashier page with a Pay button; paying sends the
 *   asynchronous notify to notify_url (form-encoded, signed over the sorted fields without sign and
 *   sign_type, as Alipay signs notifies) and redirects the browser to return_url with signed parameters;
 * - refunds are idempotent by out_request_no (a repeat answers fund_change N, moving nothing);
 *   `failRefunds` makes the next refund requests fail before anything moves (HTTP 502, or Alipay's
 *   ACQ.SYSTEM_ERROR business answer), as a gateway that is down or busy does.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Fields = Record<string, string>;

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notifyUrl: string;
  returnUrl: string;
  /** Refunded fen by out_request_no. */
  refunds: Map<string, number>;
}

export interface Delivery {
  url: string;
  fields: Fields;
  status: number;
  text: string;
}

export interface GatewayCall {
  method: string;
  signatureOk: boolean;
  biz: Record<string, unknown>;
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type } as never) as string;
const der64 = (k: KeyObject, type: 'pkcs8' | 'spki') => (k.export({ format: 'der', type } as never) as Buffer).toString('base64');
const cents = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (fen: number) => (fen / 100).toFixed(2);
const now = () => new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** The text Alipay signs: sorted `key=value` pairs joined with `&`, values as they are (not encoded). */
export function signContent(fields: Fields, exclude: string[]): string {
  return Object.keys(fields)
    .filter((k) => !exclude.includes(k))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export class FakeAlipay {
  readonly appId = '2021000000000042';
  readonly sellerId = '2088000000000042';
  /** The application's key pair (its private key goes into the app's settings). */
  readonly app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** "Alipay's" key pair (its public key goes into the app's settings). */
  readonly alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly trades = new Map<string, FakeTrade>();
  readonly deliveries: Delivery[] = [];
  readonly calls: GatewayCall[] = [];
  /** Refund requests that moved money, in order (a repeat of a key is not one). */
  readonly refundsMade: Array<{ outTradeNo: string; outRequestNo: string; fen: number }> = [];
  /** Paying sends no notify, as when Alipay's notify is lost on the way. */
  dropNotifies = false;
  /** The next this-many `alipay.trade.refund` requests fail, moving nothing: `http` answers 502, `system` ACQ.SYSTEM_ERROR. */
  failRefunds: { count: number; how: 'http' | 'system' } = { count: 0, how: 'http' };
  private readonly pages = new Map<string, string>();
  private server!: Server;
  private seq = 0;
  url = '';

  /** Listens on 127.0.0.1 at `port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.send(res, 500, 'text/plain', String(e)));
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The application's settings for this fake: keys as the open platform's console shows them (bare base64). */
  env(): Record<string, string> {
    return {
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: der64(this.app.privateKey, 'pkcs8'),
      ALIPAY_PUBLIC_KEY: der64(this.alipay.publicKey, 'spki'),
      ALIPAY_GATEWAY: `${this.url}/gateway.do`,
    };
  }

  /** The same settings with PEM keys. */
  pemEnv(): Record<string, string> {
    return { ...this.env(), ALIPAY_PRIVATE_KEY: pem(this.app.privateKey, 'pkcs8'), ALIPAY_PUBLIC_KEY: pem(this.alipay.publicKey, 'spki') };
  }

  /** Alipay's RSA2 signature of `content` (or with another key, for forgeries). */
  sign(content: string, key: KeyObject = this.alipay.privateKey): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  }

  refundsOf(outTradeNo: string) {
    return this.refundsMade.filter((r) => r.outTradeNo === outTradeNo);
  }

  /** The `alipay.trade.refund` requests received for the trade, by out_request_no (repeats and failures included). */
  refundRequestsOf(outTradeNo: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const c of this.calls) {
      if (c.method !== 'alipay.trade.refund' || c.biz.out_trade_no !== outTradeNo) continue;
      const no = String(c.biz.out_request_no ?? outTradeNo);
      counts.set(no, (counts.get(no) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The buyer opens the page-pay URL and presses Pay: the trade is paid, the notify is sent (unless
   * dropped) and awaited, and the return address the browser is sent to is answered.
   */
  async pay(pageUrl: string): Promise<{ returnUrl: string; trade: FakeTrade }> {
    const page = await fetch(pageUrl);
    const html = await page.text();
    const token = /name="payToken" value="([^"]+)"/.exec(html)?.[1];
    if (page.status !== 200 || !token) throw new Error(`the cashier page did not open: ${page.status} ${html.slice(0, 200)}`);
    const res = await fetch(`${this.url}/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payToken: token }).toString(),
      redirect: 'manual',
    });
    if (res.status !== 302) throw new Error(`paying failed: ${res.status} ${await res.text()}`);
    return { returnUrl: res.headers.get('location') ?? '', trade: this.trades.get(this.pages.get(token)!)! };
  }

  /** The notify fields Alipay would send for the trade of `outTradeNo` (paid), before signing. */
  notifyFields(outTradeNo: string, overrides: Fields = {}): Fields {
    const t = this.trades.get(outTradeNo);
    const total = t?.totalAmount ?? '0.01';
    return {
      gmt_create: now(),
      charset: 'utf-8',
      gmt_payment: now(),
      notify_time: now(),
      subject: t?.subject ?? 'x',
      buyer_id: '2088102177846880',
      invoice_amount: total,
      version: '1.0',
      notify_id: `2024${randomBytes(12).toString('hex')}`,
      fund_bill_list: JSON.stringify([{ amount: total, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      out_trade_no: outTradeNo,
      total_amount: total,
      trade_status: 'TRADE_SUCCESS',
      trade_no: t?.tradeNo ?? this.newTradeNo(),
      auth_app_id: this.appId,
      receipt_amount: total,
      point_amount: '0.00',
      buyer_pay_amount: total,
      app_id: this.appId,
      sign_type: 'RSA2',
      seller_id: this.sellerId,
      ...overrides,
    };
  }

  /**
   * Sends a notify for `outTradeNo` to `url` (default the trade's notify_url): `overrides` are signed,
   * `tamper` fields are changed after signing, `key` signs instead of Alipay's key, `unsigned` drops sign.
   */
  async notify(
    outTradeNo: string,
    overrides: Fields = {},
    opts: { url?: string; tamper?: Fields; key?: KeyObject; unsigned?: boolean } = {},
  ): Promise<Delivery> {
    const fields = this.notifyFields(outTradeNo, overrides);
    if (!opts.unsigned) fields.sign = this.sign(signContent(fields, ['sign', 'sign_type']), opts.key);
    Object.assign(fields, opts.tamper ?? {});
    const url = opts.url ?? this.trades.get(outTradeNo)?.notifyUrl;
    if (!url) throw new Error(`no notify_url for ${outTradeNo}`);
    return this.deliver(url, fields);
  }

  /** Posts `fields` as Alipay posts a notify, and records the answer. */
  async deliver(url: string, fields: Fields): Promise<Delivery> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    const d = { url, fields, status: res.status, text: await res.text() };
    this.deliveries.push(d);
    return d;
  }

  private newTradeNo(): string {
    return `2024${Date.now()}${String(++this.seq).padStart(6, '0')}`;
  }

  private send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    if (u.pathname === '/cashier/pay' && req.method === 'POST') return this.payPage(form.payToken, res);
    if (u.pathname !== '/gateway.do') return this.send(res, 404, 'text/plain', 'not found');
    const params: Fields = { ...Object.fromEntries(u.searchParams), ...form };
    const method = params.method ?? '';
    const signatureOk =
      params.app_id === this.appId &&
      params.sign_type === 'RSA2' &&
      !!params.sign &&
      createVerify('RSA-SHA256')
        .update(signContent(params, ['sign']), 'utf8')
        .verify(this.app.publicKey, params.sign, 'base64');
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      biz = {};
    }
    this.calls.push({ method, signatureOk, biz });
    if (method === 'alipay.trade.page.pay') {
      if (!signatureOk) return this.send(res, 200, 'text/html; charset=utf-8', '<html><body>isv.invalid-signature</body></html>');
      return this.cashier(biz, params, res);
    }
    if (!signatureOk)
      return this.answer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'invalid signature' });
    const t = this.trades.get(String(biz.out_trade_no ?? ''));
    if (method === 'alipay.trade.query') {
      if (!t)
        return this.answer(res, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
          out_trade_no: String(biz.out_trade_no ?? ''),
        });
      return this.answer(res, method, {
        code: '10000',
        msg: 'Success',
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        buyer_logon_id: 'buy***@example.com',
        trade_status: t.status,
        total_amount: t.totalAmount,
        buyer_pay_amount: t.status === 'WAIT_BUYER_PAY' ? '0.00' : t.totalAmount,
        send_pay_date: now(),
      });
    }
    if (method === 'alipay.trade.refund' && this.failRefunds.count > 0) {
      this.failRefunds.count--;
      if (this.failRefunds.how === 'http') return this.send(res, 502, 'text/html', '<html><body>502 Bad Gateway</body></html>');
      return this.answer(res, method, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
    }
    if (method === 'alipay.trade.refund') return this.refund(t, biz, res);
    return this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: 'unknown method' });
  }

  /** A signed gateway answer, signed over the response object's exact text. */
  private answer(res: ServerResponse, method: string, body: Record<string, unknown>): void {
    const inner = JSON.stringify(body);
    const key = `${method.replace(/\./g, '_')}_response`;
    this.send(res, 200, 'application/json;charset=utf-8', `{"${key}":${inner},"sign":"${this.sign(inner)}"}`);
  }

  private cashier(biz: Record<string, unknown>, params: Fields, res: ServerResponse): void {
    const outTradeNo = String(biz.out_trade_no ?? '');
    const amount = String(biz.total_amount ?? '');
    const existing = this.trades.get(outTradeNo);
    if (existing && (existing.status !== 'WAIT_BUYER_PAY' || existing.totalAmount !== amount)) {
      return this.send(res, 200, 'text/html; charset=utf-8', '<html><body>ACQ.TRADE_HAS_SUCCESS or ACQ.CONTEXT_INCONSISTENT</body></html>');
    }
    const trade: FakeTrade = existing ?? {
      outTradeNo,
      tradeNo: this.newTradeNo(),
      totalAmount: amount,
      subject: String(biz.subject ?? ''),
      status: 'WAIT_BUYER_PAY',
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      refunds: new Map(),
    };
    this.trades.set(outTradeNo, trade);
    const token = randomBytes(12).toString('hex');
    this.pages.set(token, outTradeNo);
    const html =
      `<!doctype html><html><body><h1>${trade.subject}</h1><p>¥${trade.totalAmount}</p>` +
      `<form method="post" action="/cashier/pay"><input type="hidden" name="payToken" value="${token}"><button>Pay</button></form></body></html>`;
    this.send(res, 200, 'text/html; charset=utf-8', html);
  }

  private async payPage(token: string | undefined, res: ServerResponse): Promise<void> {
    const trade = this.trades.get(this.pages.get(token ?? '') ?? '');
    if (!trade || trade.status !== 'WAIT_BUYER_PAY') return this.send(res, 409, 'text/plain', 'this trade cannot be paid');
    trade.status = 'TRADE_SUCCESS';
    if (!this.dropNotifies && trade.notifyUrl) await this.notify(trade.outTradeNo);
    const back: Fields = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.page.pay.return',
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: this.appId,
      version: '1.0',
      app_id: this.appId,
      sign_type: 'RSA2',
      seller_id: this.sellerId,
      timestamp: now(),
    };
    back.sign = this.sign(signContent(back, ['sign', 'sign_type']));
    const location = trade.returnUrl
      ? `${trade.returnUrl}${trade.returnUrl.includes('?') ? '&' : '?'}${new URLSearchParams(back)}`
      : `${this.url}/cashier/done`;
    this.send(res, 302, 'text/plain', 'paid', { location });
  }

  private refund(t: FakeTrade | undefined, biz: Record<string, unknown>, res: ServerResponse): void {
    const method = 'alipay.trade.refund';
    if (!t || t.status === 'WAIT_BUYER_PAY')
      return this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    const requestNo = String(biz.out_request_no ?? t.outTradeNo);
    const fen = cents(String(biz.refund_amount ?? ''));
    const refunded = [...t.refunds.values()].reduce((a, b) => a + b, 0);
    const base = {
      code: '10000',
      msg: 'Success',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'buy***@example.com',
      gmt_refund_pay: now(),
    };
    if (t.refunds.has(requestNo)) return this.answer(res, method, { ...base, fund_change: 'N', refund_fee: yuan(refunded) });
    if (!(fen > 0) || refunded + fen > cents(t.totalAmount)) {
      return this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' });
    }
    t.refunds.set(requestNo, fen);
    this.refundsMade.push({ outTradeNo: t.outTradeNo, outRequestNo: requestNo, fen });
    if (refunded + fen === cents(t.totalAmount)) t.status = 'TRADE_CLOSED';
    this.answer(res, method, { ...base, fund_change: 'Y', refund_fee: yuan(refunded + fen) });
  }
}
