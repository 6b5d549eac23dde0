/**
 * `plugin.json` checked before anything of a package is kept: the fields of {@link PluginManifest}
 * (ajv), the hook against the closed list, and its `config`, which must be a JSON Schema ajv
 * compiles. A refusal is a 1001 that names the field. Unknown extra fields are allowed, so a
 * manifest written for a later version of the product still reads here.
 */
import { lazyAjv, lazyValidator } from '../lazy-ajv';
import { AppError, fail } from '../errors';
import { PLUGIN_HOOKS, type PluginHook, type PluginManifest } from './contract';
import { compileConfigSchema } from './config';
import { PLUGIN } from './plugin.messages';

/** keyName: lower-case letters, digits and dashes, from a letter (also the folder name under data/plugins). */
export const KEY_NAME = /^[a-z][a-z0-9-]{1,63}$/;

const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['keyName', 'name', 'version', 'hook'],
  properties: {
    keyName: { type: 'string', pattern: KEY_NAME.source },
    name: { type: 'string', minLength: 1, maxLength: 255 },
    version: { type: 'string', maxLength: 64, pattern: '^\\d{1,9}\\.\\d{1,9}\\.\\d{1,9}(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$' },
    hook: { type: 'string' },
    description: { type: 'string', maxLength: 255 },
    author: { type: 'string', maxLength: 255 },
    // An image shown in the console's <img>: png, jpeg or svg (an svg in an <img> runs no script).
    logo: { type: 'string', maxLength: 200_000, pattern: '^(data:image/(png|jpeg|svg\\+xml)(;[a-zA-Z0-9=-]+)*,.+)?$' },
    readme: { type: 'string', maxLength: 1_000_000 },
    config: { type: 'object' },
  },
};

const validate = lazyValidator(lazyAjv({ allErrors: false, strict: false }), MANIFEST_SCHEMA);

/** The manifest of a package's `plugin.json` text, or the 1001 that says what is wrong with it. */
export function parseManifest(text: string): PluginManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw fail.bad(PLUGIN.plugin_manifest_json);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw fail.bad(PLUGIN.plugin_manifest_json);
  if (!validate(raw)) {
    const err = validate.errors![0];
    const field = err.keyword === 'required' ? String((err.params as { missingProperty: string }).missingProperty) : (err.instancePath.split('/')[1] ?? '');
    if (field === 'keyName') throw fail.bad(PLUGIN.plugin_manifest_key);
    if (field === 'version') throw fail.bad(PLUGIN.plugin_manifest_version);
    throw fail.bad(PLUGIN.plugin_manifest_field, { field: field || '(root)' });
  }
  const m = raw as unknown as PluginManifest;
  if (!(PLUGIN_HOOKS as readonly string[]).includes(m.hook))
    throw fail.bad(PLUGIN.plugin_hook_unknown, { hook: String(m.hook).slice(0, 64), hooks: PLUGIN_HOOKS.join(', ') });
  if (m.config !== undefined) {
    const type = (m.config as { type?: unknown }).type;
    if (type !== undefined && type !== 'object') throw fail.bad(PLUGIN.plugin_manifest_schema);
    try {
      compileConfigSchema(m.config);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fail.bad(PLUGIN.plugin_manifest_schema);
    }
  }
  return m;
}

/** Whether `hook` is one of the closed list. */
export function isHook(hook: unknown): hook is PluginHook {
  return (PLUGIN_HOOKS as readonly unknown[]).includes(hook);
}
