/**
 * Alipay's asynchronous notify (POST, application/x-www-form-urlencoded): read the raw form, check
 * Alipay's RSA2 signature with the SDK, our app id and trade state, and confirm the payment through
 * fulfilment. Alipay reads only the plain-text answer: `success` ends its deliveries; anything else
 * makes it deliver again (about eight times over 25 hours).
 *
 * Which answer (a decision the spec leaves open):
 * - 200 `success`: handled (paid, or the payment refunded because the order was no longer payable),
 *   already handled (the same trade again: nothing changes), or a state we do not act on
 *   (WAIT_BUYER_PAY; TRADE_CLOSED, which is an unpaid trade timing out or a full refund at Alipay, not
 *   a failed payment attempt: the order stays as it is).
 * - 400 `fail`, nothing changed: Alipay is not configured here, the signature is missing or wrong,
 *   the app_id is not ours, the fields are malformed, the order number is unknown, or the amount is
 *   not what this order was charged. Each is refused and logged; `fail` because a redelivery can
 *   still land once the cause is fixed within Alipay's retry window (a wrong ALIPAY_PUBLIC_KEY or
 *   ALIPAY_APP_ID, a notify address shared by two sites, an amount an operator settles), and because
 *   `success` would tell Alipay we took a payment we refused. A forger learns nothing either way.
 * - 5xx `fail`: our own temporary fault (database, or the automatic refund could not reach Alipay):
 *   the redelivery is what retries it.
 */
import type { Context } from 'koa';
import { AppError, readRawBody } from '../../../core/api';
import type { Core } from '../../../core/api';
import { parseYuan } from '../../../adapters/alipay.adapter';
import { alipaySetup, confirmTrade, PAID_STATES } from './alipay.service';

/** The most a notify body may weigh (Alipay's are a few kilobytes). */
const NOTIFY_LIMIT = 64 * 1024;

export interface NotifyAnswer {
  status: number;
  text: 'success' | 'fail';
}

const SUCCESS: NotifyAnswer = { status: 200, text: 'success' };
const REFUSED: NotifyAnswer = { status: 400, text: 'fail' };

/** The raw request body as text, at most `limit` bytes; null when larger. */
async function readText(ctx: Context, limit: number): Promise<string | null> {
  try {
    return (await readRawBody(ctx, limit)).toString('utf8');
  } catch (err) {
    if (err instanceof AppError && err.kind === 'too_large') return null;
    throw err;
  }
}

/** The notify's fields (form-decoded), or null when the body is not one form of distinct fields. */
export async function readNotifyForm(ctx: Context): Promise<Record<string, string> | null> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    ctx.req.resume();
    return null;
  }
  const text = await readText(ctx, NOTIFY_LIMIT);
  if (text === null) return null;
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    // A field twice is not something Alipay sends; which copy was signed would be a guess.
    if (k in fields) return null;
    fields[k] = v;
  }
  return fields;
}

/** What goes into the payment record and the logs: the notify without its signature. */
function recorded(fields: Record<string, string>): Record<string, string> {
  const { sign: _sign, ...rest } = fields;
  return rest;
}

function refuse(why: string, fields: Record<string, string> | null): NotifyAnswer {
  console.warn(
    `[alipay] notify refused (${why}): notify_id=${fields?.notify_id ?? '-'} out_trade_no=${fields?.out_trade_no ?? '-'} trade_no=${fields?.trade_no ?? '-'}`,
  );
  return REFUSED;
}

/**
 * The notify's own access check (the call is public): Alipay is configured here, the body is one
 * form, its RSA2 signature verifies with Alipay's public key and its app_id is ours. Answers the
 * refusal, or null when the notify may be applied. Nothing of a notify is trusted before this.
 */
export async function notifyRefused(core: Core, fields: Record<string, string> | null): Promise<NotifyAnswer | null> {
  const setup = alipaySetup(core);
  if (!setup) return refuse('alipay not configured', fields);
  if (!fields) return refuse('malformed body', null);
  const { alipay } = setup;
  if (!(await alipay.verify(fields))) return refuse('bad or missing signature', fields);
  if (fields.app_id !== alipay.appId) return refuse('app_id is not ours', fields);
  return null;
}

/** Checks and applies one notify; answers what Alipay is to read. Never throws. */
export async function handleNotify(core: Core, fields: Record<string, string> | null): Promise<NotifyAnswer> {
  const refused = await notifyRefused(core, fields);
  if (refused || !fields) return refused ?? REFUSED;
  if (!PAID_STATES.includes(fields.trade_status)) return SUCCESS;
  const orderNo = fields.out_trade_no ?? '';
  const tradeNo = fields.trade_no ?? '';
  const amountCents = parseYuan(fields.total_amount);
  if (!orderNo || !tradeNo || !Number.isSafeInteger(amountCents)) return refuse('missing out_trade_no, trade_no or total_amount', fields);
  try {
    const r = await confirmTrade(core, orderNo, { tradeNo, amountCents, raw: recorded(fields) });
    if (r.result === 'unknown') return refuse('no such order', fields);
    if (r.result === 'mismatch') return refuse('amount does not match the order', fields);
    return SUCCESS;
  } catch (err) {
    if (err instanceof AppError && err.kind === 'bad_gateway') {
      console.error(`[alipay] notify not applied, Alipay will deliver it again: out_trade_no=${orderNo} trade_no=${tradeNo}`);
      return { status: 502, text: 'fail' };
    }
    console.error(`[alipay] notify failed, Alipay will deliver it again: out_trade_no=${orderNo} trade_no=${tradeNo}`, err);
    return { status: 500, text: 'fail' };
  }
}
