/**
 * What the six generic actions of an entity say of themselves, as a declared call does: the input
 * (the body of a POST, the query of a GET) and answer schemas from the entity's declaration, the
 * effect, and the rule (the permission key, narrowed by the entity's access rules).
 */
import type { Entity, JsonSchema } from '../entity/model';
import type { CallDescription, Effect } from '../http/route';
import { MAX_SIZE } from '../crud/query';

const WRITES = new Set(['add', 'update', 'delete']);

/**
 * The query of list and page: paging, keyword, order and the equality filters the entity allows,
 * of the fields `may` lets a caller use (server/core/crud/shown.ts; all by default).
 */
export function querySchema(e: Entity, may: (name: string) => boolean = () => true): JsonSchema {
  const keyword = e.search.keyword.filter(may);
  const props: Record<string, JsonSchema> = {
    page: { type: 'integer', minimum: 1, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: MAX_SIZE, default: 20 },
    keyWord: { type: 'string', description: `Matches ${keyword.join(', ') || 'nothing'}` },
    order: { type: 'string', enum: e.columns.filter((f) => !f.hidden && !f.writeOnly && f.type !== 'json' && may(f.name)).map((f) => f.name) },
    sort: { type: 'string', enum: ['asc', 'desc'] },
  };
  for (const name of e.search.equal.filter(may)) {
    const s = (e.schema.row.properties as Record<string, JsonSchema>)[name] ?? {};
    props[name] = { anyOf: [s, { type: 'array', items: s }], description: 'Equality; an array means IN' };
  }
  return { type: 'object', properties: props, additionalProperties: false };
}

const IDS: JsonSchema = { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 };

function schemas(e: Entity, action: string, row: JsonSchema): { input: JsonSchema; answer: JsonSchema | null } {
  switch (action) {
    case 'add':
      return {
        input: { oneOf: [e.schema.add, { type: 'array', items: e.schema.add, maxItems: 1000 }] },
        answer: {
          oneOf: [
            { type: 'object', properties: { id: { type: 'integer' } } },
            { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } },
          ],
        },
      };
    case 'update':
      return { input: e.schema.update, answer: { type: 'null' } };
    case 'delete':
      return { input: { type: 'object', properties: { ids: IDS }, required: ['ids'] }, answer: { type: 'object', properties: { count: { type: 'integer' } } } };
    case 'info':
      return { input: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] }, answer: row };
    case 'list':
      return { input: querySchema(e), answer: { type: 'array', items: row } };
    case 'page':
      return {
        input: querySchema(e),
        answer: {
          type: 'object',
          properties: {
            list: { type: 'array', items: row },
            pagination: { type: 'object', properties: { page: { type: 'integer' }, size: { type: 'integer' }, total: { type: 'integer' } } },
          },
        },
      };
    default:
      return { input: { type: 'object' }, answer: null };
  }
}

/**
 * The description of generic `action` of `e`. Its answer holds the entity's row schema itself
 * (the same object), which OpenAPI writes as a reference to the entity's component.
 */
export function crudDescription(e: Entity, action: string, isPublic: boolean): CallDescription {
  const row = e.schema.row;
  const effect: Effect = WRITES.has(action) ? 'write' : 'read';
  const ruled = action === 'add' ? 'create' : WRITES.has(action) ? action : 'read';
  const who = isPublic
    ? { en: 'anyone', 'zh-cn': '任何人', 'zh-tw': '任何人' }
    : { en: 'roles holding the permission', 'zh-cn': '拥有该权限的角色', 'zh-tw': '擁有該權限的角色' };
  return {
    ...schemas(e, action, row),
    effect,
    access: {
      en: `${who.en}; rows as the entity's ${ruled} rule allows`,
      'zh-cn': `${who['zh-cn']}；行以实体的 ${ruled} 规则为准`,
      'zh-tw': `${who['zh-tw']}；列以實體的 ${ruled} 規則為準`,
    },
    description: null,
    generic: true,
  };
}

/** The OpenAPI component name of an entity's rows (`base/sys/user` -> `BaseSysUser`). */
export function schemaName(e: Entity): string {
  return e.key
    .split(/[/]/)
    .map((s) => s[0].toUpperCase() + s.slice(1))
    .join('');
}
