/**
 * The one normalize step: raw declarations in, the model that everything else reads out.
 * It checks the declarations and fails loudly at start-up on a mistake (unknown search field,
 * duplicate route, bad owner...), so a broken entity file never becomes a half-working API.
 */
import { createHash } from 'node:crypto';
import type { ActionName, EntityDecl, FieldDecl, HttpMethod, MenuArea, SystemRole } from './define';
import { l, MENU_AREAS } from './define';
import type { Action, Entity, Field, Model } from './model';
import { buildSchemas } from './json-schema';
import { ownRows, type Access } from './access';
import { pageIndexes } from './page-indexes';
import { ENTITY_NAME, IDENTIFIER, MODULE_NAME } from './names';

const closed = () => false;

/** Checks the names an access declaration uses; no declaration means closed to all but administrators. */
function normalizeAccess(key: string, d: EntityDecl, fields: Field[], actions: ActionName[]): Access {
  const a = d.access;
  const readable = fields.filter((f) => !f.hidden && !f.writeOnly).map((f) => f.name);
  const names = new Set(fields.map((f) => f.name));
  const list = (v: string[] | 'all' | undefined, what: string): string[] => {
    if (v === 'all') return readable;
    for (const n of v ?? []) if (!readable.includes(n)) throw new Error(`${key}: ${what} field '${n}' is not a readable field`);
    return v ?? [];
  };
  if (a === ownRows && !d.owner) throw new Error(`${key}: ownRows access needs an owner field`);
  for (const n of a?.adminOnly ?? []) if (!names.has(n)) throw new Error(`${key}: adminOnly field '${n}' is not a field`);
  return {
    read: a?.read ?? closed,
    update: a?.update ?? closed,
    delete: a?.delete ?? closed,
    create: a?.create ?? closed,
    adminOnly: a?.adminOnly ?? [],
    actions: a?.actions ?? {},
    members:
      a?.members === 'all'
        ? [...actions]
        : (a?.members ?? []).filter((m) => {
            if (!actions.includes(m)) throw new Error(`${key}: member action '${m}' is not exposed`);
            return true;
          }),
    visible: { anonymous: list(a?.visible?.anonymous, 'visible'), member: list(a?.visible?.member ?? 'all', 'visible') },
    declared: !!a,
  };
}

const SIX: ActionName[] = ['add', 'update', 'delete', 'info', 'list', 'page'];
const DEFAULT_METHOD: Record<ActionName, HttpMethod> = {
  add: 'POST',
  update: 'POST',
  delete: 'POST',
  info: 'GET',
  list: 'POST',
  page: 'POST',
};
const SUMMARY: Record<ActionName, [string, string, string]> = {
  add: ['Add', '新增', '新增'],
  update: ['Update', '修改', '修改'],
  delete: ['Delete', '删除', '刪除'],
  info: ['Detail', '详情', '詳情'],
  list: ['List', '列表', '列表'],
  page: ['Page', '分页', '分頁'],
};

function systemField(name: string, type: Field['type'], label: Field['label']): Field {
  return {
    name,
    type,
    label,
    length: null,
    precision: null,
    scale: null,
    nullable: false,
    default: undefined,
    required: false,
    unique: false,
    index: name !== 'id',
    enum: null,
    dict: null,
    hidden: false,
    writeOnly: false,
    transform: null,
    readOnly: true,
    virtual: false,
    system: true,
    jsonType: null,
    items: null,
    format: null,
    collation: null,
  };
}

function field(entityKey: string, name: string, d: FieldDecl, owner: string | null): Field {
  if (!IDENTIFIER.test(name)) throw new Error(`${entityKey}: bad field name '${name}'`);
  if (d.sealed) {
    if (d.type !== 'string' && d.type !== 'text') throw new Error(`${entityKey}: sealed field '${name}' must be a string or text`);
    if (d.virtual || d.transform || d.unique || d.index || d.required || d.default !== undefined)
      throw new Error(`${entityKey}: sealed field '${name}' cannot be virtual, transformed, indexed, required or have a default`);
  }
  const hasDefault = d.default !== undefined && d.default !== null;
  return {
    name,
    type: d.type,
    label: d.label,
    length: d.type === 'string' ? (d.length ?? 255) : null,
    precision: d.type === 'decimal' ? (d.precision ?? 12) : null,
    scale: d.type === 'decimal' ? (d.scale ?? 2) : null,
    nullable: d.nullable ?? !(d.required || hasDefault),
    default: d.default,
    required: d.required ?? false,
    unique: d.unique ?? false,
    index: d.index ?? false,
    enum: d.enum ?? null,
    dict: d.dict ?? null,
    hidden: d.sealed ? true : (d.hidden ?? false),
    writeOnly: d.sealed ? true : (d.writeOnly ?? false),
    transform: d.transform ?? null,
    readOnly: (d.readOnly ?? false) || name === owner,
    virtual: d.virtual ?? false,
    system: false,
    jsonType: d.jsonType ?? null,
    items: d.items ?? null,
    format: d.format ?? null,
    collation: d.collation ?? null,
    ...(d.min !== undefined ? { min: d.min } : {}),
    ...(d.max !== undefined ? { max: d.max } : {}),
    ...(d.example !== undefined ? { example: d.example } : {}),
    ...(d.help ? { help: d.help } : {}),
    ...(d.unit ? { unit: d.unit } : {}),
    // A sealed value is ciphertext longer than the secret: a text column, the string's length bounding the plain value.
    ...(d.sealed ? { sealed: true as const, type: 'text' as const } : {}),
  };
}

/** The answered flag of sealed field `f`: `<name>Set`, true when a value is stored. */
function setFlag(f: Field): Field {
  const { en, 'zh-cn': cn, 'zh-tw': tw } = f.label;
  return {
    ...systemField(`${f.name}Set`, 'boolean', l(`${en} set`, `${cn}已设置`, `${tw}已設定`)),
    index: false,
    system: false,
    virtual: true,
    setOf: f.name,
  };
}

export function normalizeEntity(d: EntityDecl): Entity {
  const key = `${d.module}/${d.name}`;
  if (!MODULE_NAME.test(d.module)) throw new Error(`${key}: bad module name`);
  if (!ENTITY_NAME.test(d.name)) throw new Error(`${key}: bad entity name`);
  if (!IDENTIFIER.test(d.table)) throw new Error(`${key}: bad table name '${d.table}'`);
  const owner = d.owner ?? null;
  const fields: Field[] = [
    systemField('id', 'int', l('ID', 'ID', 'ID')),
    ...Object.entries(d.fields).flatMap(([name, fd]) => {
      const f = field(key, name, fd, owner);
      return f.sealed ? [f, setFlag(f)] : [f];
    }),
    systemField('createTime', 'datetime', l('Created', '创建时间', '建立時間')),
    systemField('updateTime', 'datetime', l('Updated', '更新时间', '更新時間')),
  ];
  const byName = new Map(fields.map((f) => [f.name, f]));
  if (byName.size !== fields.length) throw new Error(`${key}: id, createTime and updateTime are added by the core`);
  const column = (name: string, what: string): Field => {
    const f = byName.get(name);
    if (!f || f.virtual) throw new Error(`${key}: ${what} '${name}' is not a column`);
    return f;
  };
  if (owner) column(owner, 'owner');
  if (d.softDelete) {
    // The flag is the core's business: 0 live, 1 deleted; never written through add or update.
    const flag = column(d.softDelete, 'softDelete');
    if (flag.type !== 'int') throw new Error(`${key}: softDelete field '${flag.name}' must be an int`);
    Object.assign(flag, { default: 0, nullable: false, readOnly: true, required: false });
  }
  for (const f of fields) {
    if ((f.unique || f.index) && (f.type === 'text' || f.type === 'json')) throw new Error(`${key}: ${f.type} field '${f.name}' cannot be indexed`);
    if (f.collation && f.type !== 'string' && f.type !== 'text')
      throw new Error(`${key}: only string and text fields take a collation ('${f.name}' is ${f.type})`);
  }
  const search = { keyword: d.search?.keyword ?? [], equal: d.search?.equal ?? [] };
  for (const f of search.keyword)
    if (!['string', 'text'].includes(column(f, 'keyword field').type)) {
      throw new Error(`${key}: keyword field '${f}' is not text`);
    }
  for (const f of search.equal) column(f, 'equality field');
  const order = d.order ?? { field: 'createTime', sort: 'desc' as const };
  column(order.field, 'order field');

  const prefix = `/admin/${d.module}/${d.name}`;
  const permPrefix = `${d.module}:${d.name.replace(/\//g, ':')}`;
  const names = d.actions ?? SIX;
  const pub = new Set(d.public ?? []);
  for (const p of pub) if (!names.includes(p)) throw new Error(`${key}: public action '${p}' is not exposed`);
  const actions: Action[] = names.map((name) => {
    if (!SIX.includes(name)) throw new Error(`${key}: unknown generic action '${name}'`);
    const [en, cn, tw] = SUMMARY[name];
    return {
      name,
      method: d.methods?.[name] ?? DEFAULT_METHOD[name],
      path: `${prefix}/${name}`,
      public: pub.has(name),
      permission: `${permPrefix}:${name}`,
      summary: l(`${en} ${d.label.en}`, `${cn}${d.label['zh-cn']}`, `${tw}${d.label['zh-tw']}`),
    };
  });
  const indexes = (d.indexes ?? []).map((ix) => {
    ix.fields.forEach((f) => column(f, 'index field'));
    return { fields: ix.fields, unique: ix.unique ?? false };
  });
  const columns = fields.filter((f) => !f.virtual);
  const entity: Entity = {
    module: d.module,
    name: d.name,
    key,
    table: d.table,
    system: d.system ?? null,
    label: d.label,
    area: menuArea(key, d.area),
    prefix,
    permPrefix,
    fields,
    byName,
    columns,
    readable: fields.filter((f) => !f.hidden && !f.writeOnly),
    writable: fields.filter((f) => !f.system && !f.readOnly),
    actions,
    actionByName: new Map(actions.map((a) => [a.name, a])),
    search,
    order,
    owner,
    softDelete: d.softDelete ?? null,
    total: d.total ?? 'cached',
    indexes,
    pageIndexes: [],
    hooks: d.hooks ?? {},
    access: normalizeAccess(key, d, fields, names),
    description: d.description ?? null,
    schema: { add: {}, update: {}, row: {} },
  };
  entity.schema = buildSchemas(entity);
  entity.pageIndexes = pageIndexes(entity);
  return entity;
}

/** Normalizes every declaration and checks what must be unique across them. */
export function normalize(decls: EntityDecl[]): Model {
  const entities = decls.map(normalizeEntity).sort((a, b) => a.key.localeCompare(b.key));
  const byKey = new Map<string, Entity>();
  const tables = new Set<string>();
  const bySystem = new Map<SystemRole, Entity>();
  for (const e of entities) {
    if (byKey.has(e.key)) throw new Error(`entity ${e.key} is declared twice`);
    if (tables.has(e.table)) throw new Error(`table ${e.table} is declared twice`);
    byKey.set(e.key, e);
    tables.add(e.table);
    if (!e.system) continue;
    const holder = bySystem.get(e.system);
    if (holder) throw new Error(`${e.key}: system role '${e.system}' is held by ${holder.key} already`);
    bySystem.set(e.system, e);
  }
  const schemaHash = schemaHashOf(entities);
  const system = (role: SystemRole): Entity => {
    const e = bySystem.get(role);
    if (!e) throw new Error(`no entity is declared with system: '${role}'`);
    return e;
  };
  return { entities, byKey, schemaHash, system };
}

/** A stable hash of everything in `entities` that shapes the database schema. */
function schemaHashOf(entities: Entity[]): string {
  const shape = entities.map((e) => ({
    t: e.table,
    c: e.columns.map((c) => [c.name, c.type, c.length, c.precision, c.scale, c.nullable, c.default, c.unique, c.index, ...(c.collation ? [c.collation] : [])]),
    i: e.indexes,
    p: e.pageIndexes,
  }));
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 32);
}

/**
 * Adds an entity to a model that is already in use (an entity registered while running, entity/live.ts):
 * its key and table must be free and it may hold no system role. Everything reading the model sees it at once.
 */
export function addToModel(model: Model, e: Entity): void {
  if (model.byKey.has(e.key)) throw new Error(`entity ${e.key} is declared twice`);
  if (model.entities.some((o) => o.table === e.table)) throw new Error(`table ${e.table} is declared twice`);
  if (e.system) throw new Error(`${e.key}: an entity added while running cannot hold a system role`);
  const at = model.entities.findIndex((o) => o.key.localeCompare(e.key) > 0);
  model.entities.splice(at < 0 ? model.entities.length : at, 0, e);
  model.byKey.set(e.key, e);
  model.schemaHash = schemaHashOf(model.entities);
}

/** Puts `e` in place of the entity of the same key (a live entity changed while running). */
export function replaceInModel(model: Model, e: Entity): void {
  const at = model.entities.findIndex((o) => o.key === e.key);
  if (at < 0) throw new Error(`entity ${e.key} is not in the model`);
  if (model.entities.some((o) => o.key !== e.key && o.table === e.table)) throw new Error(`table ${e.table} is declared twice`);
  if (e.system) throw new Error(`${e.key}: an entity changed while running cannot hold a system role`);
  model.entities[at] = e;
  model.byKey.set(e.key, e);
  model.schemaHash = schemaHashOf(model.entities);
}

/** Takes the entity of `key` out of the model (a live creation rolled back). */
export function removeFromModel(model: Model, key: string): void {
  const at = model.entities.findIndex((o) => o.key === key);
  if (at < 0) return;
  model.entities.splice(at, 1);
  model.byKey.delete(key);
  model.schemaHash = schemaHashOf(model.entities);
}

function menuArea(key: string, area: unknown): MenuArea {
  if (area === undefined) return 'system';
  if (!(MENU_AREAS as readonly unknown[]).includes(area)) throw new Error(`${key}: area must be one of ${MENU_AREAS.join(', ')}`);
  return area as MenuArea;
}
