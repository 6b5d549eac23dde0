/**
 * The plugin settings form's schema, UI schema and payload, from the manifest's `config` JSON Schema.
 * Pure (tests/web/console-plugins.test.ts); the form itself is @rjsf (PluginConfigDrawer.tsx).
 *
 * Decisions:
 * - A secret (`writeOnly: true`, top-level properties, as the server strips them) is a password input.
 *   When it has a stored value (`secretsSet`) it says so, is no longer required in the form, and an empty
 *   input is left out of the payload: the server keeps the stored value.
 * - An array of enum values (webhook events) is a set: checkboxes (`uniqueItems` is added for the form
 *   only), labelled with the event catalogue's summary when one matches.
 * - The server's 1002 fields (`config.url`, `config/url`, `url`, `config.events.0`) become rjsf's
 *   error schema, shown on the fields.
 */
import type { SchemaLike } from './plugin-types';

/** A UI schema (rjsf's shape: `ui:*` keys and one entry per property). */
export type UiSchemaLike = Record<string, unknown>;

/** An error schema (rjsf's shape: `__errors` and one entry per property). */
export interface ErrorTree {
  __errors?: string[];
  [field: string]: ErrorTree | string[] | undefined;
}

/** The names of the top-level secret properties. */
export function secretFields(schema: SchemaLike): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, p]) => p && p.writeOnly === true)
    .map(([name]) => name);
}

const isEnumArray = (p: SchemaLike | undefined) => !!p && p.type === 'array' && Array.isArray(p.items?.enum) && p.items!.enum!.length > 0;

/** The schema the form validates with: secrets that are set are not required; enum arrays are sets. */
export function formSchema(schema: SchemaLike, secretsSet: readonly string[]): SchemaLike {
  const set = new Set(secretsSet);
  const secrets = new Set(secretFields(schema));
  const properties: Record<string, SchemaLike> = {};
  for (const [name, p] of Object.entries(schema.properties ?? {})) properties[name] = isEnumArray(p) ? { ...p, uniqueItems: true } : p;
  const out: SchemaLike = { ...schema, type: 'object', properties };
  if (Array.isArray(schema.required)) out.required = schema.required.filter((r) => !(secrets.has(r) && set.has(r)));
  return out;
}

export interface UiTexts {
  /** Placeholder of a secret that has a value. */
  secretSet: string;
  /** Placeholder of a secret without one. */
  secretEmpty: string;
}

/** The UI schema: password inputs for secrets, checkboxes for enum sets (with labels), no submit button of rjsf's own. */
export function uiSchemaOf(schema: SchemaLike, secretsSet: readonly string[], texts: UiTexts, enumLabels: Record<string, string> = {}): UiSchemaLike {
  const ui: UiSchemaLike = { 'ui:submitButtonOptions': { norender: true } };
  const set = new Set(secretsSet);
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    if (!p) continue;
    if (p.writeOnly === true) {
      ui[name] = { 'ui:widget': 'password', 'ui:placeholder': set.has(name) ? texts.secretSet : texts.secretEmpty, 'ui:autocomplete': 'new-password' };
    } else if (isEnumArray(p)) {
      const values = p.items!.enum!.map(String);
      const labelled = values.some((v) => enumLabels[v]);
      ui[name] = {
        'ui:widget': 'checkboxes',
        ...(labelled ? { 'ui:enumNames': values.map((v) => (enumLabels[v] ? `${v} — ${enumLabels[v]}` : v)) } : {}),
      };
    }
  }
  return ui;
}

/** The config to send: the form's data without the secrets left empty (the server keeps those). */
export function configPayload(formData: Record<string, unknown> | null | undefined, schema: SchemaLike): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(formData ?? {}) };
  for (const name of secretFields(schema)) if (out[name] === undefined || out[name] === null || out[name] === '') delete out[name];
  return out;
}

/** The form's start data: the stored config (secrets are never in it). */
export function formDataOf(config: Record<string, unknown> | null | undefined, schema: SchemaLike): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(config ?? {}) };
  for (const name of secretFields(schema)) delete out[name];
  return out;
}

/** The path of a server field inside the config: `config.url`, `config/url`, `/url` and `url` are all `['url']`. */
export function configPath(field: string): string[] {
  const segs = field.split(/[./]/).filter(Boolean);
  return segs[0] === 'config' ? segs.slice(1) : segs;
}

/** rjsf's error schema of 1002 problems (a problem of the whole config lands on the form's root). */
export function errorTreeOf(problems: ReadonlyArray<{ field: string; message?: string; rule?: string }>): ErrorTree {
  const root: ErrorTree = {};
  for (const p of problems) {
    let node = root;
    for (const seg of configPath(p.field)) {
      const next = (node[seg] as ErrorTree | undefined) ?? {};
      node[seg] = next;
      node = next;
    }
    node.__errors = [...(node.__errors ?? []), p.message || p.rule || p.field];
  }
  return root;
}
