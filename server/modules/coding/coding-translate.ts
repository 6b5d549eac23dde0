/**
 * The zh-cn and zh-tw labels of an entity the code helper makes: the language model translates the
 * English ones (the entity's and every field's) in one request; without a model, or when it fails,
 * times out or answers anything but the translations asked for, every label keeps its English text
 * in all three languages. The code helper never fails because of a translation.
 *
 * Decisions:
 * - One request for all labels, keyed `entity` and `field.<name>` (field names are identifiers, so
 *   the keys never collide). The answer must be `{"zh-cn": {...}, "zh-tw": {...}}` with exactly the
 *   keys asked, each a text of 1 to MAX_LABEL characters without control, invisible or
 *   text-direction characters. One wrong entry discards the whole answer: a half-translated console
 *   is worse than an English one. A fenced or wrapped JSON is read (extractJson), as for the fields.
 * - The prompt alone asks for JSON (the adapter has no `response_format`, and not every provider
 *   takes one). The generator writes each text as an escaped string literal, so even an accepted
 *   answer can only ever become label text.
 * - Bounded by CODING_TRANSLATE_TIMEOUT_MS (default 20000), on top of the adapter's own time-outs:
 *   the administrator waits on this call.
 */
import type { Core, Labels } from '../../core/api';
import { modelFor } from '../ai/models/model-registry';
import { BAD_CHARS } from './coding-input';
import { extractJson } from './coding-llm';

export const MAX_LABEL = 100;
const MAX_ANSWER = 64_000;
const DEFAULT_TIMEOUT_MS = 20_000;
const LANGS = ['zh-cn', 'zh-tw'] as const;

const SYSTEM_PROMPT = [
  'You translate the English labels of a database entity for an admin console into Simplified Chinese',
  '(zh-cn) and Traditional Chinese (zh-tw). The user sends a JSON object of key -> English label.',
  'Answer with JSON only, no prose, in this shape, with exactly the same keys in both objects:',
  '{"zh-cn": {"<key>": "<Simplified Chinese label>"}, "zh-tw": {"<key>": "<Traditional Chinese label>"}}',
  `Keep each label short (at most ${MAX_LABEL} characters) and on one line.`,
].join('\n');

/** The labels of an entity in all three languages: its own, and its fields' by name. */
export interface EntityLabels {
  entity: Labels;
  fields: Map<string, Labels>;
}

/** The translations in a model's answer, or null unless it holds exactly the keys asked as valid texts. */
export function translationsFromAnswer(text: string, keys: string[]): Record<(typeof LANGS)[number], Record<string, string>> | null {
  if (text.length > MAX_ANSWER) return null;
  const value = extractJson(text);
  if (!isPlainObject(value) || !sameKeys(value, [...LANGS])) return null;
  const out = { 'zh-cn': {}, 'zh-tw': {} } as Record<(typeof LANGS)[number], Record<string, string>>;
  for (const lang of LANGS) {
    const byKey = value[lang];
    if (!isPlainObject(byKey) || !sameKeys(byKey, keys)) return null;
    for (const key of keys) {
      const raw = byKey[key];
      if (typeof raw !== 'string') return null;
      const label = raw.trim();
      if (label.length < 1 || label.length > MAX_LABEL || BAD_CHARS.test(label)) return null;
      out[lang][key] = label;
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sameKeys(obj: Record<string, unknown>, keys: string[]): boolean {
  const have = Object.keys(obj);
  return have.length === keys.length && keys.every((k) => Object.prototype.hasOwnProperty.call(obj, k));
}

function timeoutMs(env: Record<string, string | undefined>): number {
  const n = Number(env.CODING_TRANSLATE_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_MS;
}

/** Asks the model once for every label's translations; null when there is no usable answer. */
async function askModel(core: Core, english: Record<string, string>): Promise<Record<(typeof LANGS)[number], Record<string, string>> | null> {
  const { adapter: llm, model } = await modelFor(core, { purpose: 'coding' });
  if (!llm.configured) return null;
  const keys = Object.keys(english);
  try {
    const answer = await llm.chat({
      model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(english) },
      ],
      params: { temperature: 0, max_tokens: 200 + keys.length * 120 },
      signal: AbortSignal.timeout(timeoutMs(core.config.env)),
    });
    return translationsFromAnswer(answer.text, keys);
  } catch {
    // Any failure (unconfigured, refused, timed out, cut short) leaves the English labels.
    return null;
  }
}

/**
 * The labels in en, zh-cn and zh-tw of an entity whose English label is `entityEn` and whose fields'
 * are `fieldsEn` (field name -> English label); English wherever no translation came.
 */
export async function translateLabels(core: Core, entityEn: string, fieldsEn: Map<string, string>): Promise<EntityLabels> {
  const english: Record<string, string> = { entity: entityEn };
  for (const [name, en] of fieldsEn) english[`field.${name}`] = en;
  const got = await askModel(core, english);
  const labels = (key: string): Labels => {
    const en = english[key];
    return { en, 'zh-cn': got?.['zh-cn'][key] ?? en, 'zh-tw': got?.['zh-tw'][key] ?? en };
  };
  return { entity: labels('entity'), fields: new Map([...fieldsEn.keys()].map((name) => [name, labels(`field.${name}`)])) };
}
