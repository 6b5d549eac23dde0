/**
 * An OpenAPI 3.1 document from the same metadata as /eps, of the routes a caller may see (the same
 * filter as /eps: `visibleTo`), and the schemas of their entities; list and page bodies offer the
 * search, filter and order fields the caller may use (as /eps, server/core/crud/shown.ts).
 */
import type { Entity, JsonSchema, Model } from '../entity/model';
import type { Route, RouteTable } from '../http/route';
import { MAX_SIZE } from '../crud/query';

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer', enum: [1000] }, message: { type: 'string' }, data },
  required: ['code', 'message', 'data'],
});

const ERROR = {
  description: 'Refused: code 1001 (request or rule), 1002 (validation; data lists each bad field), 1003 (server fault)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** The fields a caller may search, filter and sort `e` by on any read (all readable ones: null). */
export type ShownFields = (e: Entity) => ReadonlySet<string> | null;

function querySchema(e: Entity, shown: ShownFields): JsonSchema {
  const names = shown(e);
  const may = (n: string) => !names || names.has(n);
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

function operation(r: Route, shown: ShownFields): Record<string, unknown> {
  const e = r.entity;
  const ref = e ? `#/components/schemas/${schemaName(e)}` : null;
  const op: Record<string, unknown> = {
    operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: r.summary.en,
    tags: [`${r.module}/${r.group}`],
    'x-permission': r.permission,
    'x-guard': r.guard,
    security: r.guard === 'public' ? [] : [{ bearerAuth: [] }],
    responses: { '200': { description: 'Success envelope', content: { 'application/json': { schema: envelope({}) } } }, '4XX': ERROR },
  };
  const action = r.path.split('/').pop();
  if (r.body === 'raw') {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } } } } },
    };
    return op;
  }
  if (!e || !ref) return op;
  const ok = (data: JsonSchema) => ({ '200': { description: 'Success envelope', content: { 'application/json': { schema: envelope(data) } } }, '4XX': ERROR });
  const body = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
  switch (action) {
    case 'add':
      op.requestBody = body({ oneOf: [e.schema.add, { type: 'array', items: e.schema.add, maxItems: 1000 }] });
      op.responses = ok({ oneOf: [{ type: 'object', properties: { id: { type: 'integer' } } }, { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } }] });
      break;
    case 'update':
      op.requestBody = body(e.schema.update);
      op.responses = ok({ type: 'null' });
      break;
    case 'delete':
      op.requestBody = body({ type: 'object', properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 } }, required: ['ids'] });
      op.responses = ok({ type: 'object', properties: { count: { type: 'integer' } } });
      break;
    case 'info':
      if (r.method === 'GET') op.parameters = [{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }];
      else op.requestBody = body({ type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] });
      op.responses = ok({ $ref: ref });
      break;
    case 'list':
      if (r.method === 'POST') op.requestBody = body(querySchema(e, shown));
      op.responses = ok({ type: 'array', items: { $ref: ref } });
      break;
    case 'page':
      op.requestBody = body(querySchema(e, shown));
      op.responses = ok({
        type: 'object',
        properties: {
          list: { type: 'array', items: { $ref: ref } },
          pagination: { type: 'object', properties: { page: { type: 'integer' }, size: { type: 'integer' }, total: { type: 'integer' } } },
        },
      });
      break;
  }
  return op;
}

function schemaName(e: Entity): string {
  return e.key.split(/[/]/).map((s) => s[0].toUpperCase() + s.slice(1)).join('');
}

export function buildOpenApi(
  model: Model,
  routes: RouteTable,
  version: string,
  visible: (r: Route) => boolean = () => true,
  shown: ShownFields = () => null,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const entities = new Set<Entity>();
  for (const r of routes.all) {
    if (!visible(r)) continue;
    (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r, shown);
    // As /eps does, a hand-written call of an entity's group shows that entity.
    const e = r.entity ?? model.byKey.get(`${r.module}/${r.group}`);
    if (e) entities.add(e);
  }
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      properties: {
        code: { type: 'integer', enum: [1001, 1002, 1003] },
        message: { type: 'string' },
        data: {},
      },
    },
  };
  // By key, as the model holds its entities; a route's own row description (not in the model) included.
  for (const e of [...entities].sort((a, b) => a.key.localeCompare(b.key))) schemas[schemaName(e)] = e.schema.row;
  return {
    openapi: '3.1.0',
    info: { title: 'COSMAC AI API', version, description: 'Every route answers the envelope {code, message, data}. The web client calls the same routes under /api.' },
    servers: [{ url: '/' }, { url: '/api' }],
    paths,
    components: { schemas, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
