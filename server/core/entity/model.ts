/** The normalized entity model: the only shape that CRUD, /eps, OpenAPI, validation and codegen read. */
import type { Access } from './access';
import type { ActionName, EntityHooks, EnumOption, FieldType, HttpMethod, Labels, MenuArea, SystemRole } from './define';

export interface Field {
  name: string;
  type: FieldType;
  label: Labels;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  default: string | number | boolean | null | undefined;
  required: boolean;
  unique: boolean;
  index: boolean;
  enum: EnumOption[] | null;
  dict: string | null;
  hidden: boolean;
  writeOnly: boolean;
  transform: 'password' | null;
  /** Never written through generic add/update (id, createTime, updateTime, declared readOnly, owner). */
  readOnly: boolean;
  virtual: boolean;
  /** True for id, createTime, updateTime. */
  system: boolean;
  jsonType: 'array' | 'object' | null;
  items: 'integer' | 'number' | 'string' | null;
  format: 'email' | 'uri' | null;
  /** 'binary': compared code point by code point (utf8mb4_bin on MySQL; SQLite's default). */
  collation: 'binary' | null;
  /** Inclusive bounds of a number on write (see FieldDecl.min/max), when declared. */
  min?: number;
  max?: number;
  /** A valid value (see FieldDecl.example), or undefined. */
  example?: string | number | boolean | null | readonly string[];
  /** What to write (see FieldDecl.help), or undefined. */
  help?: Labels;
  /** The unit of a number (see FieldDecl.unit), or undefined. */
  unit?: Labels;
  /** Stored sealed (FieldDecl.sealed): hidden and writeOnly too, answered only as `<name>Set`. */
  sealed?: true;
  /** On the virtual `<name>Set` flag of a sealed field: that field's name. */
  setOf?: string;
}

export interface Action {
  name: ActionName;
  method: HttpMethod;
  path: string;
  public: boolean;
  /** Permission key `module:entity:action`. */
  permission: string;
  summary: Labels;
}

export interface Entity {
  module: string;
  name: string;
  /** `module/name`, unique. */
  key: string;
  table: string;
  /** The role this entity plays for the core (see SystemRole), or null. */
  system: SystemRole | null;
  label: Labels;
  /** The console menu folder of its screen on a new installation. */
  area: MenuArea;
  /** `/admin/{module}/{name}`. */
  prefix: string;
  /** `module:name` with `/` as `:`. */
  permPrefix: string;
  /** Every field, system ones first, virtual ones included. */
  fields: Field[];
  byName: Map<string, Field>;
  /** Stored columns (no virtual fields). */
  columns: Field[];
  /** Columns that may be returned (not hidden, not writeOnly). */
  readable: Field[];
  /** Fields accepted by add/update (not readOnly, not system). */
  writable: Field[];
  actions: Action[];
  actionByName: Map<ActionName, Action>;
  search: { keyword: string[]; equal: string[] };
  order: { field: string; sort: 'asc' | 'desc' };
  owner: string | null;
  softDelete: string | null;
  total: 'cached' | 'live' | 'estimated';
  indexes: Array<{ fields: string[]; unique: boolean }>;
  /** Indexes derived for pages (page-indexes.ts): field lists, none served by another index already. */
  pageIndexes: string[][];
  hooks: EntityHooks;
  access: Access;
  /** The declaration's description, shown by /eps and OpenAPI. */
  description: string | null;
  /** JSON Schemas of add, update and a returned row. */
  schema: { add: JsonSchema; update: JsonSchema; row: JsonSchema };
}

export type JsonSchema = Record<string, unknown>;

export interface Model {
  entities: Entity[];
  byKey: Map<string, Entity>;
  /** A stable hash of everything that shapes the database schema. */
  schemaHash: string;
  /** The entity declared with `role`; throws when none is, so a missing part fails loudly. */
  system(role: SystemRole): Entity;
}
