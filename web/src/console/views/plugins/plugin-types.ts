/**
 * What the plugin calls answer (issue 19's plugin API; the manifest is server/core/plugins/contract.ts),
 * typed here for the console: the plugin/info row with our fields, a shipped plugin, the answer of step 1
 * of an install, and an entry of the event catalogue. Pure.
 */
import type { Lang } from '../../../i18n/define';

/** A JSON Schema as far as the console reads it. */
export interface SchemaLike {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, SchemaLike>;
  required?: string[];
  items?: SchemaLike;
  enum?: unknown[];
  uniqueItems?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  format?: string;
  [k: string]: unknown;
}

/** `plugin.json` of a package. */
export interface ManifestLike {
  keyName: string;
  name: string;
  version: string;
  hook: string;
  description?: string;
  author?: string;
  logo?: string;
  readme?: string;
  config?: SchemaLike;
}

/** A plugin/info row as page and info answer it: secrets stripped, `secretsSet` naming those that have a value. */
export interface PluginRow {
  id: number;
  name: string;
  keyName: string;
  version?: string | null;
  hook?: string | null;
  description?: string | null;
  author?: string | null;
  logo?: string | null;
  readme?: string | null;
  /** 0 disabled, 1 enabled. */
  status?: number;
  pluginJson?: Partial<ManifestLike> | null;
  config?: Record<string, unknown> | null;
  sha256?: string | null;
  /** Why it failed to load or enable; null when it loaded fine. */
  error?: string | null;
  secretsSet?: string[];
  updateTime?: string;
}

/** One plugin that ships with the server (`GET shipped`). */
export interface ShippedPlugin {
  keyName: string;
  name: string;
  version: string;
  hook: string;
  description?: string;
  author?: string;
  logo?: string;
  installed: null | { id: number; version: string; status: number };
}

/** The answer of `upload` (step 1 of 2): nothing of the package has run yet. */
export interface UploadAnswer {
  uploadId: string;
  sha256: string;
  size: number;
  manifest: ManifestLike;
  readme?: string | null;
  upgrade: null | { id: number; version: string };
}

/** An entry of the event catalogue (`GET events`). */
export interface PluginEventInfo {
  name: string;
  entity?: string;
  summary?: Partial<Record<Lang, string>>;
  fields?: string[];
}

/** The logo as an image source: a data URL of an image, an http(s) or site address, or bare base64; anything else none. */
export function logoSrc(logo: string | null | undefined): string | undefined {
  if (!logo) return undefined;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,/i.test(logo) || /^(https?:)?\//i.test(logo)) return logo;
  if (/^[A-Za-z0-9+/=\s]+$/.test(logo)) return `data:image/png;base64,${logo.replace(/\s/g, '')}`;
  return undefined;
}

/** The config schema of a row's manifest, when it has a property to edit. */
export function configSchemaOf(row: Pick<PluginRow, 'pluginJson'> | { pluginJson?: unknown }): SchemaLike | null {
  const manifest = row.pluginJson as Partial<ManifestLike> | null | undefined;
  const schema = manifest?.config;
  if (!schema || typeof schema !== 'object' || !schema.properties || !Object.keys(schema.properties).length) return null;
  return schema;
}

/** A size in KB with one decimal (packages are small). */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
