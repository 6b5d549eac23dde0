/**
 * Commerce settings: console-editable params (base/sys/param by keyName) first, then the
 * environment, then the defaults below.
 *
 * | param              | env                   | default | meaning                                          |
 * |--------------------|-----------------------|---------|--------------------------------------------------|
 * | currency           | SITE_CURRENCY         | cny     | the site currency prices are written in          |
 * | tokensPerUnit      | TOKENS_PER_UNIT       | 100     | tokens a recharge gives per unit of site currency|
 * | platformCommission | PLATFORM_COMMISSION   | 10      | percent of a sale kept by the platform           |
 * | orderExpireMinutes | ORDER_EXPIRE_MINUTES  | 30      | an unpaid order is cancelled after this          |
 *
 * Each provider charges in its own currency at a rate from the site currency (1 when equal):
 * Alipay always CNY (ALIPAY_RATE, default 1 when the site currency is CNY); Stripe STRIPE_CURRENCY
 * (default the site currency) at STRIPE_RATE (default 1). A rate is required when the currencies
 * differ; without it the provider is treated as not configured.
 */
import type { Core } from '../../../core/api';
import { paramByKey } from '../../system/param.queries';

export type ProviderName = 'stripe' | 'alipay';

async function setting(core: Core, param: string, env: string): Promise<string | undefined> {
  const p = await paramByKey(core, param);
  const fromParam = p?.data?.trim();
  if (fromParam) return fromParam;
  const fromEnv = core.config.env[env]?.trim();
  return fromEnv || undefined;
}

async function numberSetting(core: Core, param: string, env: string, fallback: number, min: number, max: number): Promise<number> {
  const raw = await setting(core, param, env);
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

/** The site currency, lower case (`cny`, `usd`...). */
export async function siteCurrency(core: Core): Promise<string> {
  const c = (await setting(core, 'currency', 'SITE_CURRENCY')) ?? 'cny';
  return /^[a-z]{3}$/i.test(c) ? c.toLowerCase() : 'cny';
}

export const tokensPerUnit = (core: Core) => numberSetting(core, 'tokensPerUnit', 'TOKENS_PER_UNIT', 100, 0.0001, 1_000_000);
export const platformCommission = (core: Core) => numberSetting(core, 'platformCommission', 'PLATFORM_COMMISSION', 10, 0, 100);
export const orderExpireMinutes = (core: Core) => numberSetting(core, 'orderExpireMinutes', 'ORDER_EXPIRE_MINUTES', 30, 1, 7 * 24 * 60);

export interface ProviderCurrency {
  /** Lower-case ISO code the provider charges in. */
  currency: string;
  /** Provider amount = site amount x rate. */
  rate: number;
}

/** The currency and rate of a provider; null when a rate is needed and missing. */
export async function providerCurrency(core: Core, provider: ProviderName): Promise<ProviderCurrency | null> {
  const site = await siteCurrency(core);
  const env = core.config.env;
  const currency = provider === 'alipay' ? 'cny' : env.STRIPE_CURRENCY?.trim().toLowerCase() || site;
  const rawRate = env[provider === 'alipay' ? 'ALIPAY_RATE' : 'STRIPE_RATE']?.trim();
  if (rawRate) {
    const rate = Number(rawRate);
    return Number.isFinite(rate) && rate > 0 ? { currency, rate } : null;
  }
  return currency === site ? { currency, rate: 1 } : null;
}

/** The settings an order's amounts depend on, read once before a transaction (reads outside it would wait on SQLite's one writer). */
export interface OrderTerms {
  expireMinutes: number;
  commission: number;
  tokensPerUnit: number;
}

export async function orderTerms(core: Core): Promise<OrderTerms> {
  const [expireMinutes, commission, perUnit] = await Promise.all([orderExpireMinutes(core), platformCommission(core), tokensPerUnit(core)]);
  return { expireMinutes, commission, tokensPerUnit: perUnit };
}
