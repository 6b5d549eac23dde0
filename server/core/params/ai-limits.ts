/**
 * The administrator's bounds on what AI apps and AI members may ask (issue 35 item 9), as params
 * seeded with their defaults:
 *
 * | param          | default | meaning                                                                |
 * |----------------|---------|------------------------------------------------------------------------|
 * | aiMaxRunPrice  | 100     | the highest price of one run or AI reply, in tokens (before a member's  |
 * |                |         | efficiency coefficient): an app's tokens x its coefficient, an AI      |
 * |                |         | member's config.cost                                                   |
 * | aiMaxTokens    | 4096    | the highest max_tokens a config may ask; the model is always sent one  |
 *
 * The other model parameters have the ranges OpenAI-compatible APIs give them (PARAM_RANGES).
 * Saving a price or a parameter beyond them is a 1002 naming the field; a run whose stored price is
 * above the maximum (the maximum was lowered since) is refused, and the parameters sent to the
 * model are clamped to the bounds in force, so a stored config never reaches beyond them.
 *
 * Here in the core because the app's declaration checks its own writes (entity files import only
 * the core); the AI module reads the same functions.
 */
import type { InvalidField } from '../errors';
import type { HookTransaction, Row } from '../entity/define';
import type { Db } from '../db/db';
import { fieldRule, registerMessages } from '../i18n/messages';
import { readNumberParams, readNumberParamsIn, seededParam } from './seeded-params';

const MESSAGES = registerMessages({
  en: {
    field_ai_price_max: 'must be at most {max} tokens, the highest price of a run on this site',
    field_ai_param_range: 'must be a number from {min} to {max}',
    field_ai_param_unknown: 'is not a model parameter (temperature, top_p, max_tokens, presence_penalty, frequency_penalty)',
  },
  'zh-cn': {
    field_ai_price_max: '不能超过 {max} 代币（本站单次运行的最高价格）',
    field_ai_param_range: '必须是 {min} 到 {max} 之间的数字',
    field_ai_param_unknown: '不是模型参数（temperature、top_p、max_tokens、presence_penalty、frequency_penalty）',
  },
  'zh-tw': {
    field_ai_price_max: '不能超過 {max} 代幣（本站單次執行的最高價格）',
    field_ai_param_range: '必須是 {min} 到 {max} 之間的數字',
    field_ai_param_unknown: '不是模型參數（temperature、top_p、max_tokens、presence_penalty、frequency_penalty）',
  },
});

export const AI_PARAMS = {
  maxRunPrice: {
    param: seededParam({
      keyName: 'aiMaxRunPrice',
      name: 'AI: highest price of a run (tokens)',
      data: '100',
      remark: 'An AI app (tokens x efficiency coefficient) or AI member (cost) may not be priced above this; a run priced above it is refused.',
    }),
    min: 0,
    max: 1_000_000_000,
  },
  maxTokens: {
    param: seededParam({
      keyName: 'aiMaxTokens',
      name: 'AI: highest max_tokens of an answer',
      data: '4096',
      remark: 'The most tokens an AI app or AI member may ask the model to answer with; every question is sent with max_tokens at most this.',
    }),
    min: 1,
    max: 10_000_000,
  },
} as const;

export interface AiLimits {
  maxRunPrice: number;
  maxTokens: number;
}

/** The bounds in force; `paramsTable` is the params entity's table. */
export function readAiLimits(db: Pick<Db, 'query' | 'q'>, paramsTable: string): Promise<AiLimits> {
  return readNumberParams(db, paramsTable, AI_PARAMS);
}

/** The same, read by an entity hook through its transaction; `paramsEntity` is the params entity's key. */
export function readAiLimitsIn(t: HookTransaction, paramsEntity: string): Promise<AiLimits> {
  return readNumberParamsIn(t, paramsEntity, AI_PARAMS);
}

export type ModelParams = { temperature?: number; top_p?: number; max_tokens?: number; presence_penalty?: number; frequency_penalty?: number };

/** The ranges of the model parameters other than max_tokens. */
export const PARAM_RANGES = {
  temperature: [0, 2],
  top_p: [0, 1],
  presence_penalty: [-2, 2],
  frequency_penalty: [-2, 2],
} as const;

const RANGED = Object.keys(PARAM_RANGES) as Array<keyof typeof PARAM_RANGES>;

/** A price above the maximum as a field error, else null. */
export function priceError(price: number, limits: AiLimits, field: string): InvalidField | null {
  return price > limits.maxRunPrice ? { field, rule: fieldRule(MESSAGES.field_ai_price_max), params: { max: limits.maxRunPrice } } : null;
}

/** Errors of a config's `params` (an object, when given): unknown keys, numbers out of their bounds. */
export function paramErrors(params: unknown, limits: AiLimits, field: string): InvalidField[] {
  if (params === undefined || params === null) return [];
  if (typeof params !== 'object' || Array.isArray(params)) return [{ field, rule: 'type', params: { type: 'object' } }];
  const out: InvalidField[] = [];
  for (const [k, v] of Object.entries(params as Row)) {
    if (k === 'max_tokens') {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > limits.maxTokens) {
        out.push({ field: `${field}.${k}`, rule: fieldRule(MESSAGES.field_ai_param_range), params: { min: 1, max: limits.maxTokens } });
      }
    } else if ((RANGED as string[]).includes(k)) {
      const [min, max] = PARAM_RANGES[k as keyof typeof PARAM_RANGES];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
        out.push({ field: `${field}.${k}`, rule: fieldRule(MESSAGES.field_ai_param_range), params: { min, max } });
    } else {
      out.push({ field: `${field}.${k}`, rule: fieldRule(MESSAGES.field_ai_param_unknown), params: {} });
    }
  }
  return out;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * The parameters sent to the model: the known numeric ones of `params`, each clamped into its
 * bounds, and max_tokens always present (the config's, else `defaultMax` (the model's default), else
 * the maximum; never above the maximum).
 */
export function boundedParams(params: unknown, limits: AiLimits, defaultMax?: number | null): ModelParams {
  const p = params && typeof params === 'object' && !Array.isArray(params) ? (params as Row) : {};
  const out: ModelParams = {};
  for (const k of RANGED) {
    const v = p[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = clamp(v, PARAM_RANGES[k][0], PARAM_RANGES[k][1]);
  }
  const fallback = typeof defaultMax === 'number' && Number.isFinite(defaultMax) && defaultMax >= 1 ? Math.floor(defaultMax) : limits.maxTokens;
  const asked = typeof p.max_tokens === 'number' && Number.isFinite(p.max_tokens) && p.max_tokens >= 1 ? Math.floor(p.max_tokens) : fallback;
  out.max_tokens = Math.min(asked, Math.floor(limits.maxTokens));
  return out;
}
