/**
 * A plugin's config against the JSON Schema of its manifest (`config`): validation with the schema's
 * defaults filled in, and its secrets. A top-level property declared `writeOnly: true` is a secret:
 * stored and handed to the plugin, never answered by the API (reads list it in `secretsSet` when it
 * has a value), and an update that leaves it out or empty keeps the stored value, so a form that
 * never saw the secret can still save the other fields.
 */
import type { ValidateFunction } from 'ajv';
import { addFormats, lazyAjv } from '../lazy-ajv';
import type { InvalidField } from '../errors';
import { fieldRule } from '../i18n/messages';
import { schemaErrorField } from '../http/schema-errors';
import './plugin.messages';

export type PluginConfig = Record<string, unknown>;
type Schema = Record<string, unknown>;

const ajv = lazyAjv({ allErrors: true, strict: false, useDefaults: true }, (a) => addFormats(a));
/** Compiled schemas by their text: a manifest's schema is compiled once per process, not per request. */
const compiled = new Map<string, ValidateFunction>();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The config schema of a manifest (`pluginJson`), or null when it declares none. */
export function configSchema(manifest: unknown): Schema | null {
  const s = isObject(manifest) ? manifest.config : undefined;
  return isObject(s) ? s : null;
}

/** The compiled validator of `schema`; throws when it is not a JSON Schema ajv can compile. */
export function compileConfigSchema(schema: Schema): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    v = ajv().compile({ ...schema, type: 'object' });
    compiled.set(key, v);
  }
  return v;
}

/** The secret (writeOnly) top-level properties of a config schema. */
export /** The plugin configs' own wording for these two rules. */
const PLUGIN_RULES = { minLength: fieldRule('field_plugin_min_length'), uniqueItems: fieldRule('field_plugin_unique_items') };

function secretFields(schema: Schema | null): string[] {
  const props = schema && isObject(schema.properties) ? schema.properties : {};
  return Object.entries(props)
    .filter(([, p]) => isObject(p) && p.writeOnly === true)
    .map(([k]) => k);
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The config as the API answers it: without the secret values, and the names of the secrets that
 * have one. The manifest's schema decides which fields are secret.
 */
export function publicConfig(config: unknown, manifest: unknown): { config: PluginConfig | null; secretsSet: string[] } {
  if (!isObject(config)) return { config: config === null || config === undefined ? null : {}, secretsSet: [] };
  const secrets = secretFields(configSchema(manifest));
  const out: PluginConfig = {};
  for (const [k, v] of Object.entries(config)) if (!secrets.includes(k)) out[k] = v;
  return { config: out, secretsSet: secrets.filter((k) => hasValue(config[k])) };
}

/**
 * Checks a config a caller sent against the manifest's schema, secrets left out or empty taken from
 * `stored`. Answers the value to store (defaults filled in) or the 1002 entries naming `config.<field>`.
 * A manifest without a schema accepts any JSON object.
 */
export function checkConfig(input: unknown, stored: unknown, manifest: unknown): { value: PluginConfig | null; errors: InvalidField[] } {
  if (!isObject(input)) return { value: null, errors: [{ field: 'config', rule: 'type', params: { type: 'object' } }] };
  const schema = configSchema(manifest);
  const value: PluginConfig = structuredClone(input);
  const kept = isObject(stored) ? stored : {};
  for (const k of secretFields(schema)) if (!hasValue(value[k]) && hasValue(kept[k])) value[k] = kept[k];
  if (!schema) return { value, errors: [] };
  const validate = compileConfigSchema(schema);
  if (validate(value)) return { value, errors: [] };
  const errors = (validate.errors ?? []).map((e) => schemaErrorField(e, 'config', PLUGIN_RULES));
  // One entry per field and rule: allErrors may report a field twice (type and format).
  const seen = new Set<string>();
  return { value: null, errors: errors.filter((e) => !seen.has(`${e.field}|${e.rule}`) && !!seen.add(`${e.field}|${e.rule}`)) };
}

/**
 * What the plugin gets as `host.config`: the stored config (secrets included) with the schema's
 * defaults filled in. A stored config the schema now refuses (a new version asks for more) is handed
 * over as it is: the plugin's own checks (its `enable`) say what is missing.
 */
export function effectiveConfig(stored: unknown, manifest: unknown): PluginConfig {
  const value: PluginConfig = isObject(stored) ? structuredClone(stored) : {};
  const schema = configSchema(manifest);
  if (schema) {
    try {
      compileConfigSchema(schema)(value);
    } catch {
      // A schema that does not compile was refused at upload; nothing to fill in then.
    }
  }
  return value;
}
