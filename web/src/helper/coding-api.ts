/**
 * The two calls of the AI code helper (001 §7 `coding`: `getModuleTree`, `createCode`) and their
 * shapes. Both are hand-written routes of `base/coding`, so they go through the app's http client
 * directly (the typed data layer covers entities only). Calls are silent: the page shows refusals in
 * place (fields marked, an alert for the rest) instead of a toast.
 */
import { calls } from '../app/data';
import type { Lang } from '../i18n';

/** The field types of server/core/entity/define.ts `FieldType`, in the order the generator lists them. */
export const FIELD_TYPES = ['string', 'text', 'int', 'bigint', 'float', 'decimal', 'boolean', 'datetime', 'json'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type Labels = Record<Lang, string>;

export interface TreeField {
  name: string;
  type: string;
  label: Labels;
  length?: number | null;
  required?: boolean;
  dict?: unknown;
  system?: boolean;
}

export interface TreeEntity {
  key: string;
  /** Made with the code helper: only such an entity may change through change sets. */
  live: boolean;
  name: string;
  label: Labels;
  table: string;
  prefix: string;
  fields: TreeField[];
}

export interface ModuleNode {
  module: string;
  entities: TreeEntity[];
}

/** One field as createCode takes it (and answers it). */
export interface CodeField {
  name: string;
  type: FieldType;
  length?: number;
  required?: boolean;
  /** One label for the three languages; the generator makes one from the name when absent. */
  label?: string;
  /** A dictionary type key. */
  dict?: string;
}

export interface CodeBody {
  module: string;
  name: string;
  newModule?: true;
  fields?: CodeField[];
  description?: string;
  dryRun: boolean;
}

export interface DryRunAnswer {
  path: string;
  source: string;
  fields: CodeField[];
}

export interface CreateAnswer extends DryRunAnswer {
  key: string;
  prefix: string;
  /** The console menu router of the new screen, `/{module}/{name}`. */
  router: string;
}

export function getModuleTree(): Promise<ModuleNode[]> {
  return calls.base.coding.getModuleTree({}, { silent: true }) as Promise<ModuleNode[]>;
}

export function createCode(body: CodeBody & { dryRun: true }): Promise<DryRunAnswer>;
export function createCode(body: CodeBody & { dryRun: false }): Promise<CreateAnswer>;
export function createCode(body: CodeBody): Promise<DryRunAnswer | CreateAnswer> {
  return calls.base.coding.createCode(body, { silent: true }) as Promise<DryRunAnswer | CreateAnswer>;
}
