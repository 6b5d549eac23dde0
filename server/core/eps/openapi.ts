/**
 * An OpenAPI 3.1 document from the same metadata as /eps, of the routes a caller may see (the same
 * filter as /eps: `visibleTo`), and the schemas of their entities; list and page bodies offer the
 * search, filter and order fields the caller may use (as /eps, server/core/crud/shown.ts).
 */
import type { Entity, JsonSchema, Model } from '../entity/model';
import type { Route, RouteTable } from '../http/route';
import { crudDescription, querySchema, schemaName } from '../calls/crud-description';

const GENERIC = new Set(['add', 'update', 'delete', 'info', 'list', 'page']);

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer', enum: [1000] }, message: { type: 'string' }, data },
  required: ['code', 'message', 'data'],
});

const ERROR = {
  description: 'Refused: code 1001 (request or rule), 1002 (validation; data lists each bad field), 1003 (server fault)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** `schema` with every occurrence of an entity's row schema (the same object) as a reference to its component. */
function withRefs(schema: JsonSchema, rows: Map<JsonSchema, string>): JsonSchema {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    const name = rows.get(v as JsonSchema);
    if (name) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(schema) as JsonSchema;
}

/** The query parameters of a GET from its input schema's properties. */
function parameters(input: JsonSchema, path: string): Array<Record<string, unknown>> {
  const props = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  // A field named by a `{segment}` of the path is that segment (always there), any other a query parameter.
  return Object.entries(props).map(([name, schema]) =>
    path.includes(`{${name}}`) ? { name, in: 'path', required: true, schema } : { name, in: 'query', required: required.has(name), schema },
  );
}

/** The fields a caller may search, filter and sort `e` by on any read (all readable ones: null). */
export type ShownFields = (e: Entity) => ReadonlySet<string> | null;

/** Whether a schema is a form carrying a file (a property of `format: binary`, or a list of them). */
function carriesFile(s: JsonSchema): boolean {
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  return Object.values(props).some((p) => p.format === 'binary' || (p.items as JsonSchema | undefined)?.format === 'binary');
}

/**
 * The media types of a request body: a form carrying a file is multipart, the rest JSON; a body of
 * several forms (a zip uploaded, or a shipped package named) lists each under its own type.
 */
function bodyContent(input: JsonSchema): Record<string, { schema: JsonSchema }> {
  const forms = Array.isArray(input.anyOf) ? (input.anyOf as JsonSchema[]) : [input];
  const files = forms.filter(carriesFile);
  const json = forms.filter((f) => !carriesFile(f));
  const one = (list: JsonSchema[]) => (list.length === 1 ? list[0] : { anyOf: list });
  return {
    ...(files.length ? { 'multipart/form-data': { schema: one(files) } } : {}),
    ...(json.length ? { 'application/json': { schema: forms.length === 1 ? input : one(json) } } : {}),
  };
}

function operation(r: Route, rows: Map<JsonSchema, string>, shown: ShownFields): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: r.summary.en,
    tags: [`${r.module}/${r.group}`],
    'x-permission': r.permission,
    'x-guard': r.guard,
    security: r.guard === 'public' ? [] : [{ bearerAuth: [] }],
    responses: { '200': { description: 'Success envelope', content: { 'application/json': { schema: envelope({}) } } }, '4XX': ERROR },
  };
  // An undeclared raw body is an upload; a declared one (a signed callback's JSON, read as bytes) is described by its declaration.
  if (r.body === 'raw' && !r.call) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } } } } },
    };
    return op;
  }
  // A hand-written call named like a generic action of its entity (user/info/info) is described as one.
  const action = r.path.split('/').pop() ?? '';
  const c = r.call ?? (r.entity && GENERIC.has(action) ? crudDescription(r.entity, action, r.guard === 'public') : undefined);
  if (!c) return op;
  if (c.description) op.description = c.description.en;
  op['x-effect'] = c.effect;
  op['x-access'] = c.access.en;
  const names = c.generic && r.entity && (action === 'list' || action === 'page') ? shown(r.entity) : null;
  const input = withRefs(names ? querySchema(r.entity!, (n) => names.has(n)) : c.input, rows);
  if (r.method === 'GET') op.parameters = parameters(input, r.path);
  else op.requestBody = { required: true, content: bodyContent(input) };
  if (c.answer)
    op.responses = {
      '200': { description: 'Success envelope', content: { 'application/json': { schema: envelope(withRefs(c.answer, rows)) } } },
      '4XX': ERROR,
    };
  return op;
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
  const visibleRoutes = routes.all.filter(visible);
  for (const r of visibleRoutes) {
    // As /eps does, a hand-written call of an entity's group shows that entity.
    const e = r.entity ?? model.byKey.get(`${r.module}/${r.group}`);
    if (e) entities.add(e);
  }
  const rows = new Map([...entities].map((e) => [e.schema.row, schemaName(e)]));
  for (const r of visibleRoutes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r, rows, shown);
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
  // Each operation is tagged with its entity or group (`module/group`); an entity's tag carries its description.
  const tags = [...entities]
    .filter((e) => e.description)
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((e) => ({ name: e.key, description: e.description }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'COSMAC AI API',
      version,
      description: 'Every route answers the envelope {code, message, data}. The web client calls the same routes under /api.',
    },
    servers: [{ url: '/' }, { url: '/api' }],
    ...(tags.length ? { tags } : {}),
    paths,
    components: { schemas, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
