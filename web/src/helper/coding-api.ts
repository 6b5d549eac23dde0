/**
 * The calls of the AI code helper (001 §7 `coding`: `getModuleTree`, `createCode`; the change
 * sets: `preview`, `apply`, `rollback`, `discard`, `purge`, `changeSets`) and their shapes. Both are hand-written routes of `base/coding`, so they go through the app's http client
 * directly (the typed data layer covers entities only). Calls are silent: the page shows refusals in
 * place (fields marked, an alert for the rest) instead of a toast.
 */
import { calls } from '../app/data';

import { FIELD_TYPES, type FieldType, type Labels } from './field-types';

export { FIELD_TYPES, type FieldType, type Labels };

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

/** One field of a change set's desired field list: the whole list, system fields left out. */
export interface ChangeField {
  name: string;
  type: FieldType;
  length?: number | null;
  required?: boolean;
  label?: Labels | string;
  dict?: string | null;
  /** The field's old name when it is renamed. */
  from?: string;
}

export type ChangeSetState = 'draft' | 'applied' | 'rolledBack' | 'discarded';
export type WarningKind = 'drop' | 'shorten' | 'rename' | 'dict' | 'type';

export interface AddedRemoved {
  added: string[];
  removed: string[];
}

/** What a declaration change does, stored before it runs (server/modules/coding: the change set). */
export interface ChangeSet {
  id: number;
  entityKey: string;
  kind: 'create' | 'change';
  state: ChangeSetState;
  before: string | null;
  after: string;
  diff: string;
  sql: string[];
  rollbackSql: string[];
  routes: AddedRemoved;
  menus: AddedRemoved;
  perms: AddedRemoved;
  /** Localized by the server. */
  warnings: Array<{ field: string; kind: WarningKind; message: string }>;
  keptAside: Array<{ what: 'column' | 'table'; name: string; table: string; purged: boolean }>;
  createdBy: number;
  appliedBy: number | null;
  createTime: string;
  appliedTime: string | null;
  rolledBackTime: string | null;
}

export interface PreviewBody {
  module: string;
  name: string;
  fields?: ChangeField[];
  description?: string;
  newModule?: true;
}

export interface ChangeSetPage {
  list: ChangeSet[];
  pagination: { page: number; size: number; total: number };
}

/** A draft change set of the whole desired entity (stored, nothing run yet). */
export const previewChange = (body: PreviewBody) => calls.base.coding.preview(body, { silent: true }) as Promise<ChangeSet>;
export const applyChange = (id: number) => calls.base.coding.apply({ id }, { silent: true }) as Promise<ChangeSet>;
export const rollbackChange = (id: number) => calls.base.coding.rollback({ id }, { silent: true }) as Promise<ChangeSet>;
export const discardChange = (id: number) => calls.base.coding.discard({ id }, { silent: true }) as Promise<ChangeSet>;
export const purgeChange = (id: number) => calls.base.coding.purge({ id }, { silent: true }) as Promise<ChangeSet>;
/** An entity's change sets, newest first. */
export const listChanges = (entityKey: string) => calls.base.coding.changeSets({ entityKey, page: 1, size: 100 }, { silent: true }) as Promise<ChangeSetPage>;
