/**
 * The order number kept locally (000 §3): localStorage key `payment.lastOrder` holds
 * `{"orderNo": "…", "provider": "stripe" | "alipay", "sentAt": <ms epoch>}` for the last order the member
 * opened on /payment, so /payment without `?orderNo=`, a reload or a lost provider return still finds
 * it. `provider` and `sentAt` are written just before the browser goes to that provider's page: on the
 * way back they say which `query` to ask and that the page should wait for the payment.
 */
import type { StorageLike } from '../../lib/session';

export const PAYMENT_KEY = 'payment.lastOrder';

export type Provider = 'stripe' | 'alipay';
export const PROVIDERS: readonly Provider[] = ['stripe', 'alipay'];

export interface PaymentMemory {
  orderNo: string;
  provider?: Provider;
  sentAt?: number;
}

/** A return counts as "just paid" this long after the member left for the provider. */
export const RETURN_WINDOW_MS = 60 * 60 * 1000;

const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

export function isOrderNo(v: unknown): v is string {
  return typeof v === 'string' && ORDER_NO.test(v);
}

export function isProvider(v: unknown): v is Provider {
  return v === 'stripe' || v === 'alipay';
}

export function readMemory(storage: StorageLike | undefined): PaymentMemory | null {
  try {
    const raw = storage?.getItem(PAYMENT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (!v || !isOrderNo(v.orderNo)) return null;
    const out: PaymentMemory = { orderNo: v.orderNo };
    if (isProvider(v.provider)) out.provider = v.provider;
    if (typeof v.sentAt === 'number' && Number.isFinite(v.sentAt)) out.sentAt = v.sentAt;
    return out;
  } catch {
    return null;
  }
}

export function writeMemory(storage: StorageLike | undefined, m: PaymentMemory): void {
  try {
    storage?.setItem(PAYMENT_KEY, JSON.stringify(m));
  } catch {
    /* storage full or unavailable: the page still works with ?orderNo= */
  }
}

export function clearMemory(storage: StorageLike | undefined): void {
  try {
    storage?.removeItem(PAYMENT_KEY);
  } catch {
    /* storage unavailable */
  }
}

/**
 * The order the page shows: `?orderNo=` when given (remembered, keeping what was known of the same
 * order), else the remembered one. Answers the memory to store (unchanged when nothing new).
 */
export function resolveOrder(queryOrderNo: string | null, memory: PaymentMemory | null): PaymentMemory | null {
  if (isOrderNo(queryOrderNo)) return memory && memory.orderNo === queryOrderNo ? memory : { orderNo: queryOrderNo };
  return memory;
}

/** Whether the page should wait for a payment: the member left for a provider a short while ago. */
export function awaitingReturn(memory: PaymentMemory | null, orderNo: string, now: number): boolean {
  return (
    !!memory &&
    memory.orderNo === orderNo &&
    !!memory.provider &&
    typeof memory.sentAt === 'number' &&
    now - memory.sentAt >= 0 &&
    now - memory.sentAt < RETURN_WINDOW_MS
  );
}

/**
 * Which `query` to ask, in order: the provider the member chose here, the order's own `provider`
 * (set once paid), then the providers it was sent to (`extraInfo.charges`).
 */
export function providersToAsk(memory: PaymentMemory | null, order: { orderNo?: unknown; provider?: unknown; extraInfo?: unknown }): Provider[] {
  const out: Provider[] = [];
  const add = (p: unknown) => {
    if (isProvider(p) && !out.includes(p)) out.push(p);
  };
  if (memory && memory.orderNo === order.orderNo) add(memory.provider);
  add(order.provider);
  const extra = order.extraInfo;
  const charges = extra && typeof extra === 'object' ? (extra as Record<string, unknown>).charges : undefined;
  if (charges && typeof charges === 'object') for (const p of Object.keys(charges)) add(p);
  return out;
}
