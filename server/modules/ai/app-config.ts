/**
 * What a run reads from an app's `config` (a JSON object the administrator edits), all optional:
 *
 * - `model`: the model to ask: a registry model (ai/model) by its id or its model id, or any model
 *   id of the default provider (default: the registry's default for chat, else LLM_MODEL); `systemPrompt` (or `prompt`): the system message;
 * - `params`: temperature, top_p, max_tokens, presence_penalty, frequency_penalty (numbers only),
 *   sent clamped to the administrator's bounds, max_tokens always (core/params/ai-limits.ts);
 * - `inputSchema`: a JSON Schema the run's `input` must match (1002 listing each bad place);
 * - `workflow`: passed to the workflow engine as the job's `workflow` (async apps);
 * - `timeoutSeconds`: how long a run may take (sync default LLM_TIMEOUT_MS; async default
 *   WORKFLOW_TIMEOUT_SECONDS, else 600);
 * - `savedMinutes`: minutes a successful run saves the member (savedTimeSummary);
 * - `description`: a short public text.
 *
 * Public answers (app/all, app/byParent) show only `inputSchema`, `savedMinutes` and `description`
 * of it: the prompt, model, parameters and workflow are how the app works, the product its author
 * sells, and `auth` names credentials; none of them leaves the server.
 */
import type { ValidateFunction } from 'ajv';
import { lazyAjv, fail, schemaErrorField, boundedParams, entity, eq, SYSTEM, type AiLimits } from '../../core/api';
import type { Core, EntityRow, Row } from '../../core/api';
import type { LlmRequest } from '../../adapters/llm.adapter';
import { AI } from './ai.messages';

/** The keys of config that public catalogue answers show. */
export const PUBLIC_CONFIG_KEYS = ['inputSchema', 'savedMinutes', 'description'] as const;

/** A stored app. */
export type App = EntityRow<'base/app'>;

/** App `id` as the system reads it, or null when there is none. */
export async function findApp(core: Core, id: number): Promise<App | null> {
  const [app] = await core.ops.reads(SYSTEM).find(entity(core.model, 'base/app'), eq('id', id));
  return app ?? null;
}

/** The app's config as an object ({} when absent or not an object). */
export function configOf(app: { config?: unknown }): Row {
  const c = app.config;
  return c && typeof c === 'object' && !Array.isArray(c) ? (c as Row) : {};
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

export function modelOf(config: Row): string | null {
  return text(config.model);
}

/** config.model as the model registry reads it: a registry model's id (a number) or a model id (text); null when absent. */
export function modelRefOf(config: Row): string | number | null {
  const m = config.model;
  return typeof m === 'number' && Number.isSafeInteger(m) && m > 0 ? m : text(m);
}

export function systemPromptOf(config: Row): string | null {
  return text(config.systemPrompt) ?? text(config.prompt);
}

/** The model parameters to send: config.params within `limits` (max_tokens always set: the config's, else the model's default). */
export function paramsOf(config: Row, limits: AiLimits, modelMaxTokens?: number | null): LlmRequest['params'] {
  return boundedParams(config.params, limits, modelMaxTokens);
}

/** config.timeoutSeconds in milliseconds, or null. */
export function timeoutMsOf(config: Row): number | null {
  const s = positive(config.timeoutSeconds);
  return s === null ? null : Math.round(s * 1000);
}

export function savedMinutesOf(config: Row): number {
  return positive(config.savedMinutes) ?? 0;
}

/** The config keys a public answer may show. */
export function publicConfig(config: Row): Row {
  const out: Row = {};
  for (const k of PUBLIC_CONFIG_KEYS) if (config[k] !== undefined) out[k] = config[k];
  return out;
}

const ajv = lazyAjv({ allErrors: true, strict: false });
/** Compiled input schemas by their JSON text; an app's schema changes rarely, so a small cache does. */
const compiled = new Map<string, ValidateFunction>();
const CACHE_MAX = 200;

function validatorFor(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    try {
      v = ajv().compile(schema as object);
    } catch (err) {
      console.error(`[ai] an app's config.inputSchema is not a valid JSON Schema: ${(err as Error).message}`);
      throw fail.unavailable(AI.ai_app_misconfigured);
    }
    if (compiled.size >= CACHE_MAX) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, v);
  }
  return v;
}

/** Refuses `input` that does not match the app's config.inputSchema (when it has one) with a 1002. */
export function checkInput(config: Row, input: unknown): void {
  const schema = config.inputSchema;
  if (schema === undefined || schema === null) return;
  if (typeof schema !== 'object' && typeof schema !== 'boolean') throw fail.unavailable(AI.ai_app_misconfigured);
  const validate = validatorFor(schema);
  if (!validate(input)) throw fail.invalid((validate.errors ?? []).map((e) => schemaErrorField(e, 'input')));
}
