/**
 * The language model proposes an entity's field list from a description, for `createCode` without
 * `fields`. The model is the AI runs' one (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL; ai/llm.service.ts).
 *
 * Decisions:
 * - The model is asked for JSON only, `{"fields": [...]}`; its answer is read defensively: a fenced
 *   code block, text around the JSON, or a bare array are all accepted. The adapter streams and has
 *   no `response_format` option, so the prompt alone asks for JSON.
 * - The answer is checked against the same JSON Schema as a caller's list (coding-input.ts). Harmless
 *   slips are forgiven: properties the schema does not know are dropped, a `length` on a field that
 *   is not a string is dropped, and a `dict` is dropped (the model cannot know which dictionary
 *   types exist). Anything else wrong is a 502 naming the first problem: the caller did nothing wrong,
 *   and nothing is written.
 * - No model configured: 503, so the caller knows to send fields instead.
 */
import type { ValidateFunction } from 'ajv';
import { lazyAjv, lazyValidator, fail } from '../../core/api';
import type { Core } from '../../core/api';
import { LlmError } from '../../adapters/llm.adapter';
import { modelFor } from '../ai/models/model-registry';
import { FIELD_SCHEMA, FIELD_TYPES, MAX_FIELDS, MAX_STRING_LENGTH, readFieldList, type CodingField } from './coding-input';
import { CODING } from './coding.messages';
import { readChangeFields, type ChangeField } from './changeset-input';

// `removeAdditional`: the model's extra properties are dropped rather than failing the list.
const checkProposed: ValidateFunction = lazyValidator(lazyAjv({ allErrors: true, strict: false, removeAdditional: true }), FIELD_SCHEMA);

const SYSTEM_PROMPT = [
  'You design one database entity for a low-code platform. Answer with JSON only, no prose, in this shape:',
  '{"fields": [{"name": "title", "type": "string", "length": 100, "required": true, "label": "Title"}]}',
  `- name: a camelCase identifier (a letter, then letters or digits); never id, createTime, updateTime, page, size, keyWord, order or sort (the platform adds or uses those).`,
  `- type: one of ${FIELD_TYPES.join(', ')}. Use text for long text, decimal for money, datetime for dates and times, boolean for yes/no.`,
  `- length: only for string fields, 1 to ${MAX_STRING_LENGTH}; leave it out to get 255.`,
  '- required: true when a row makes no sense without the value.',
  '- label: a short English label for the console.',
  `Give 1 to ${MAX_FIELDS} fields, each name once.`,
].join('\n');

/** The JSON value in a model's answer, or undefined when there is none. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [text.trim(), fenced?.[1]?.trim() ?? ''];
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  }
  for (const c of candidates) {
    if (!c) continue;
    try {
      return JSON.parse(c) as unknown;
    } catch {
      // Not this one: try the next way of reading the answer.
    }
  }
  return undefined;
}

/** The field list in a model's answer (forgiving the slips listed above), or why there is none. */
export function fieldsFromAnswer(text: string): { fields: CodingField[] } | { problem: string } {
  const value = extractJson(text);
  if (value === undefined) return { problem: 'the answer is not JSON' };
  const list = Array.isArray(value) ? value : (value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(list)) return { problem: 'the answer has no "fields" list' };
  const items = list.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const { dict: _dict, ...rest } = item as Record<string, unknown>;
    if (rest.type !== 'string') delete rest.length;
    return rest;
  });
  const { fields, errors } = readFieldList(items, 'fields', checkProposed);
  if (errors.length > 0) return { problem: `${errors[0].field}: ${errors[0].rule}` };
  return { fields };
}

/** Asks the model for the fields of `module/name` as `description` tells. */
export async function proposeFields(core: Core, target: { module: string; name: string; description: string }): Promise<CodingField[]> {
  const { adapter: llm, model } = await modelFor(core, { purpose: 'coding' });
  if (!llm.configured) throw fail.unavailable(CODING.coding_llm_unconfigured);
  let text: string;
  try {
    const answer = await llm.chat({
      model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `Entity "${target.module}/${target.name}":\n${target.description}` },
      ],
      params: { temperature: 0.2 },
    });
    text = answer.text;
  } catch (err) {
    if (err instanceof LlmError) throw fail.badGateway(CODING.coding_llm_failed, { reason: err.kind });
    throw err;
  }
  const read = fieldsFromAnswer(text);
  if ('problem' in read) throw fail.badGateway(CODING.coding_llm_malformed, { reason: read.problem });
  return read.fields;
}

/**
 * Asks the model for the whole field list of the existing `module/name` after the change the
 * description asks for; a renamed field names its old name in `from`. The current dictionaries are
 * kept (the model cannot know which exist).
 */
export async function proposeChange(core: Core, target: { module: string; name: string; description: string; current: ChangeField[] }): Promise<ChangeField[]> {
  const { adapter: llm, model } = await modelFor(core, { purpose: 'coding' });
  if (!llm.configured) throw fail.unavailable(CODING.coding_llm_unconfigured);
  const current = target.current.map((f) => ({ ...f, label: typeof f.label === 'object' ? f.label.en : f.label, dict: undefined }));
  let text: string;
  try {
    const answer = await llm.chat({
      model,
      messages: [
        {
          role: 'system',
          content: `${SYSTEM_PROMPT}\nThe entity exists: answer its whole field list after the change, every field kept as it is unless the change asks otherwise. To rename a field, give its old name in "from".`,
        },
        { role: 'user', content: `Entity "${target.module}/${target.name}" has these fields:\n${JSON.stringify(current)}\nChange: ${target.description}` },
      ],
      params: { temperature: 0.2 },
    });
    text = answer.text;
  } catch (err) {
    if (err instanceof LlmError) throw fail.badGateway(CODING.coding_llm_failed, { reason: err.kind });
    throw err;
  }
  const value = extractJson(text);
  const list = Array.isArray(value) ? value : (value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(list)) throw fail.badGateway(CODING.coding_llm_malformed, { reason: 'the answer has no "fields" list' });
  const items = list.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const { name, type, length, required, label, from } = item as Record<string, unknown>;
    // Through JSON: a property the model left out is absent, not undefined.
    return JSON.parse(
      JSON.stringify({ name, type, length: type === 'string' ? length : undefined, required, label: typeof label === 'string' ? label : undefined, from }),
    ) as unknown;
  });
  const { fields, errors } = readChangeFields(items);
  if (errors.length > 0) throw fail.badGateway(CODING.coding_llm_malformed, { reason: `${errors[0].field}: ${errors[0].rule}` });
  const dicts = new Map(target.current.map((f) => [f.name, f.dict]));
  return fields.map((f) => {
    const dict = dicts.get(f.from ?? f.name);
    return dict ? { ...f, dict } : f;
  });
}
