/**
 * Runs priced by use (issue 39): an app's `pricing` 1, or an AI member's `config.pricing` 1 when it
 * names no app. The price of such a run is what the model used at its registry prices (ai/model:
 * site tokens per million input and output tokens), times the app's and the member's efficiency
 * coefficients:
 *
 * - the start reserves an estimate: the prompt counted at four characters a token at the input
 *   price, plus the max_tokens sent (the app's, else the model's default, within aiMaxTokens) at the
 *   output price; the rate is kept on the run row, so a price changed meanwhile does not move it;
 * - the settle (charge.ts) charges the usage the model reported (counted the same way when it
 *   reported none) at the kept rate, never more than the reservation, and gives the rest back
 *   (tokenLog type 16) in its transaction. Input tokens the provider read from its prompt cache
 *   (reported as `prompt_tokens_details.cached_tokens`) cost the model's cached input price, or its
 *   input price when it has none (0). The estimate assumes no cache, so it stays the most a run can
 *   cost.
 *
 * Amounts are ledger units (ten-thousandths of a token): a price per million tokens is
 * `price / 100` units per token.
 */
import type { Row } from '../../core/api';
import type { LlmMessage } from '../../adapters/llm.adapter';
import type { ChosenModel } from './models/model-registry';

export const PRICING = { fixed: 0, byUse: 1 } as const;
export type Pricing = (typeof PRICING)[keyof typeof PRICING];

/** What a metered run is charged at, as the run row keeps it. */
export interface Meter {
  /** Site tokens per million input tokens. */
  priceInput: number;
  /** Site tokens per million cached input tokens; 0: cached input costs priceInput. */
  priceCachedInput: number;
  /** Site tokens per million output tokens. */
  priceOutput: number;
  /** The app's efficiency coefficient times the member's. */
  coefficient: number;
}

/** `config.pricing` or an app's `pricing` as stored: 1 is by use, anything else fixed. */
export function pricingOf(v: unknown): Pricing {
  return Number(v) === PRICING.byUse ? PRICING.byUse : PRICING.fixed;
}

/** A coefficient as stored: absent or unreadable counts as 1, a negative one as 0 (a free run). */
export function coefficientOf(v: unknown): number {
  if (v === null || v === undefined || v === '') return 1;
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, n) : 1;
}

const price = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** The rate of a run on `chosen` (a model outside the registry costs nothing by use), with both coefficients. */
export function meterOf(chosen: ChosenModel | null, appCoefficient: unknown, memberCoefficient: unknown): Meter {
  const row = chosen?.row ?? null;
  return {
    priceInput: price(row?.priceInput),
    priceCachedInput: price(row?.priceCachedInput),
    priceOutput: price(row?.priceOutput),
    coefficient: Number((coefficientOf(appCoefficient) * coefficientOf(memberCoefficient)).toPrecision(12)),
  };
}

/** Text counted as a model would roughly count it: four characters a token, rounded up. */
export function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The prompt's tokens as the estimate counts them (the same count the adapter uses when a provider reports none). */
export function promptTokens(messages: LlmMessage[]): number {
  return countTokens(messages.map((m) => m.content).join(''));
}

/** What a cached input token costs at `meter`, per million: its cached price, else (0) the input price. */
export function cachedInputPrice(meter: Meter): number {
  return meter.priceCachedInput > 0 ? meter.priceCachedInput : meter.priceInput;
}

/**
 * Units of `prompt` input tokens (`cached` of them read from the provider's cache, never counted as
 * more than `prompt`) and `completion` output tokens at `meter`, rounded up to a whole unit.
 */
export function meterUnits(meter: Meter, prompt: number, completion: number, cached = 0): number {
  const input = Math.max(0, prompt);
  const fromCache = Math.min(input, Math.max(0, cached));
  const perMillion = (input - fromCache) * meter.priceInput + fromCache * cachedInputPrice(meter) + Math.max(0, completion) * meter.priceOutput;
  const exact = (perMillion / 100) * meter.coefficient;
  return exact > 0 ? Math.ceil(Number(exact.toPrecision(12))) : 0;
}

/** What a metered run reserves: its prompt (none of it assumed cached) and the whole max_tokens it may answer with. */
export function estimateUnits(meter: Meter, messages: LlmMessage[], maxTokens: number): number {
  return meterUnits(meter, promptTokens(messages), maxTokens);
}

/** The meter a run row keeps, or null for a fixed-price run. */
export function meterOfRun(run: Row): Meter | null {
  if (pricingOf(run.pricing) !== PRICING.byUse) return null;
  return {
    priceInput: price(run.priceInput),
    priceCachedInput: price(run.priceCachedInput),
    priceOutput: price(run.priceOutput),
    coefficient: coefficientOf(run.coefficient),
  };
}
