/**
 * Writes `web/src/generated/calls.ts`: a typed function for every call the web may make that is not
 * one of an entity's six CRUD actions (those are `data(key)`), from the calls' declarations (issue 36).
 *
 *   await calls.base.groupMember.teamMember({ groupId: 7 }); // Promise<Array<{ userId: number; ... }>>
 *
 * The routes are read from a core booted on an in-memory SQLite database with an empty environment,
 * so the file does not depend on the machine's settings (COOL_COMPAT's extra routes, plugins, live
 * entities are never in it). The generated file holds the types (`Calls`) and the table of methods
 * and paths (`CALL_ROUTES`); `web/src/app/data/calls.ts` turns the table into functions over the one
 * http client. A call not declared yet takes any object and answers `unknown`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Model, JsonSchema } from '../server/core/entity/model';
import type { Route } from '../server/core/http/route';
import { tsString, typeExpression, type NamedSchemas } from './schema-to-ts';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const CRUD = new Set(['add', 'update', 'delete', 'info', 'list', 'page']);

/** `base/sys/user` -> `BaseSysUser`, as entities.ts names its row types. */
function rowTypeName(key: string): string {
  return key
    .split('/')
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join('');
}

/** Code point order: the same on every machine, whatever its locale. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The routes of a core booted with nothing configured (an in-memory database, a throwaway data folder). */
export async function describedRoutes(): Promise<{ routes: Route[]; model: Model }> {
  const dir = mkdtempSync(join(tmpdir(), 'cosmac-calls-'));
  const { readConfig } = await import('../server/core/core');
  const { startCore } = await import('../server/core/app');
  const env = {
    DATABASE_URL: 'sqlite::memory:',
    DATA_DIR: dir,
    PLUGIN_DIR: join(dir, 'plugins'),
    CODING_ENTITIES_DIR: join(dir, 'entities'),
    ADMIN_PASSWORD: 'codegen-only-0',
  };
  const started = await startCore(
    readConfig(env),
    () => undefined,
    () => undefined,
  );
  try {
    return { routes: [...started.core.routes.all], model: started.core.model };
  } finally {
    await started.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether the web reaches `r` through `calls`: an /admin call with an envelope, not one of the CRUD
 * actions an entity declares (those are `data(key)`). A hand-written call named like one (a group's
 * `add`, which the entity does not declare) is a typed call.
 */
export function isTypedCall(r: Route): boolean {
  if (!r.path.startsWith('/admin/') || r.path.includes('{') || r.raw) return false;
  const action = r.path.slice(r.path.lastIndexOf('/') + 1);
  return !(r.entity && CRUD.has(action) && r.path === `${r.entity.prefix}/${action}` && r.entity.actionByName.has(action as never));
}

interface Node {
  children: Map<string, Node>;
  route: Route | null;
}

function place(root: Node, route: Route): void {
  const parts = route.path.slice('/admin/'.length).split('/');
  let node = root;
  for (const [i, part] of parts.entries()) {
    let next = node.children.get(part);
    if (!next) node.children.set(part, (next = { children: new Map(), route: null }));
    if (i === parts.length - 1) {
      if (next.route || next.children.size) throw new Error(`${route.path}: the call's name is taken in the calls tree`);
      next.route = route;
    } else if (next.route) throw new Error(`${route.path}: ${parts.slice(0, i + 1).join('/')} is a call, not a group`);
    node = next;
  }
}

const key = (k: string) => (IDENTIFIER.test(k) ? k : tsString(k));

function docLines(r: Route, indent: string): string[] {
  const s = r.summary;
  const others = [...new Set([s['zh-cn'], s['zh-tw']])].filter((v) => v && v !== s.en);
  const lines = [others.length ? `${s.en} (${others.join(' / ')})` : s.en];
  if (r.call) lines.push(`${r.call.effect === 'read' ? 'Reads' : 'Writes'}; may call: ${r.call.access.en}.`);
  lines.push(`\`${r.method} ${r.path}\``);
  const safe = lines.map((l) => l.replace(/\*\//g, '*\\/'));
  return [`${indent}/**`, ...safe.map((l) => `${indent} * ${l}`), `${indent} */`];
}

/** Whether an input schema requires nothing: the function's argument may be left out (an `anyOf` of forms always takes one). */
function nothingRequired(s: JsonSchema): boolean {
  return !s.anyOf && (!Array.isArray(s.required) || s.required.length === 0);
}

function callType(r: Route, indent: string, named: NamedSchemas): string {
  if (!r.call) return 'Call<object, unknown, false>';
  const input = r.call.input;
  // A shape of no fields takes nothing; a pass-through body (`anyOf` of forms, a list) is typed as it is.
  const takesNothing = input.type === 'object' && !Object.keys((input.properties ?? {}) as object).length && !input.anyOf;
  const inputType = takesNothing ? 'Record<string, never>' : typeExpression(input, indent, named);
  const answer = r.call.answer ? typeExpression(r.call.answer, indent, named) : 'unknown';
  return `Call<${inputType}, ${answer}, ${takesNothing || nothingRequired(input) ? 'false' : 'true'}>`;
}

function typeTree(node: Node, indent: string, named: NamedSchemas): string[] {
  const out: string[] = [];
  for (const name of [...node.children.keys()].sort(byCodePoint)) {
    const child = node.children.get(name)!;
    if (child.route) out.push(...docLines(child.route, indent), `${indent}${key(name)}: ${callType(child.route, indent, named)};`);
    else out.push(`${indent}${key(name)}: {`, ...typeTree(child, `${indent}  `, named), `${indent}};`);
  }
  return out;
}

function tableTree(node: Node, indent: string): string[] {
  const out: string[] = [];
  for (const name of [...node.children.keys()].sort(byCodePoint)) {
    const child = node.children.get(name)!;
    if (child.route) out.push(`${indent}${key(name)}: [${tsString(child.route.method)}, ${tsString(child.route.path)}],`);
    else out.push(`${indent}${key(name)}: {`, ...tableTree(child, `${indent}  `), `${indent}},`);
  }
  return out;
}

/** The text of calls.ts for these routes. Pure: same routes, same text. */
export function generateCallTypes(routes: readonly Route[], model: Model): string {
  const root: Node = { children: new Map(), route: null };
  for (const r of [...routes].filter(isTypedCall).sort((a, b) => byCodePoint(a.path, b.path))) place(root, r);
  // An entity's row schema (the same object in an answer) is written as its row type from entities.ts.
  const named = new Map<JsonSchema, string>(model.entities.map((e) => [e.schema.row, rowTypeName(e.key)]));
  const types = typeTree(root, '  ', named);
  const used = [...new Set([...types.join('\n').matchAll(/\b([A-Z][A-Za-z0-9]*)\b/g)].map((m) => m[1]))]
    .filter((n) => [...named.values()].includes(n))
    .sort(byCodePoint);
  return [
    '// generated by codegen/call-types.ts, do not edit',
    "/* The calls of the API that are not an entity's CRUD actions, typed from their declarations (server/core/calls). */",
    "import type { RequestOptions as CallOptions } from '../lib/http';",
    ...(used.length ? [`import type { ${used.join(', ')} } from './entities';`] : []),
    '',
    '/** A call: its input (the body of a POST, the query of a GET) and what it answers; `R` says whether the input is required. */',
    'export type Call<I, A, R extends boolean> = R extends true',
    '  ? (input: I, options?: CallOptions) => Promise<A>',
    '  : (input?: I, options?: CallOptions) => Promise<A>;',
    '',
    '/** Every call, by module, group and action. */',
    'export interface Calls {',
    ...types,
    '}',
    '',
    '/** The method and path of every call, in the shape of `Calls`. */',
    'export const CALL_ROUTES = {',
    ...tableTree(root, '  '),
    '} as const;',
    '',
  ].join('\n');
}
