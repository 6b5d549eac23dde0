/**
 * Hand-written calls live in `*.routes.ts` files at any depth under `server/modules/<domain>/`, each default-exporting
 * `defineRoutes(core => [...])`; task handlers in `*.task.ts`, each registering itself with
 * `defineTask` (server/core/scheduler/registry.ts); the plugin event catalogue in `*.events.ts`,
 * each adding its events with `defineEvent` (server/core/plugins/events.ts); what a module does once
 * at start-up in `*.start.ts`, each default-exporting `onStart(core => ...)`. They are found at
 * start-up like entity files:
 * adding a file adds its routes or handler, and no list elsewhere needs editing.
 */
import { readdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Labels } from './entity/define';
import type { Core } from './core';
import type { Guard, Route } from './http/route';
import { assertMayCall } from './crud/access-sql';
import { declaredRoute, type DeclaredCall } from './calls/call';
import type { Shape } from './calls/input';

export type RouteFactory = (core: Core) => Route[] | Promise<Route[]>;

/** What a module does once when an app starts. */
export type StartHook = (core: Core) => void | Promise<void>;

/**
 * Declares what a module does once when an app starts, in a `*.start.ts` file (default export): hand a
 * lower domain a function it calls back, subscribe to something. It runs after every module's routes
 * are added, before the task handlers load, the seed runs and the scheduler and plugins start (so
 * before any request or task); once per app, so a process that starts several apps runs it again.
 */
export function onStart(hook: StartHook): StartHook {
  return hook;
}

/** Declares the routes of one module file. */
export function defineRoutes(factory: RouteFactory): RouteFactory {
  return factory;
}

export interface CallSpec {
  method: Route['method'];
  /** Who may call: public, signedIn, permission (the default) or admin. */
  guard?: Guard;
  summary: Labels;
  /** The raw answer instead of an envelope. */
  raw?: boolean;
  /** The member role holds this call's permission key (seeded once, never forced back). */
  member?: boolean;
  /** The web page this call serves, seeded as a menu entry of its own. */
  menuPage?: Route['menuPage'];
  handler: Route['handler'];
}

/**
 * A hand-written call at `/admin/{module}/{group}/{action}` whose permission key is
 * `module:group:action` (with `/` in the group as `:`), like a generated one. A declared call
 * (with `input`, `access`, `effect` and `answer`: server/core/calls/call.ts) describes itself in
 * /eps and OpenAPI and gets its input read and its rule checked before the handler runs.
 */
export function call<S extends Shape, A>(core: Core, module: string, group: string, action: string, spec: DeclaredCall<S, A>): Route;
export function call(core: Core, module: string, group: string, action: string, spec: CallSpec): Route;
export function call<S extends Shape, A>(core: Core, module: string, group: string, action: string, spec: CallSpec | DeclaredCall<S, A>): Route {
  const base = {
    method: spec.method,
    path: `/admin/${module}/${group}/${action}`,
    permission: `${module}:${group.replace(/\//g, ':')}:${action.split('/')[0]}`,
    summary: spec.summary,
    entity: core.model.byKey.get(`${module}/${group}`),
    module,
    group,
    raw: spec.raw,
    member: spec.member,
    menuPage: spec.menuPage,
  };
  if ('input' in spec) return declaredRoute(core, base, spec);
  const guard = spec.guard ?? 'permission';
  return { ...base, guard, permission: guard === 'permission' ? base.permission : null, handler: guardedByRule(core, module, group, action, spec.handler) };
}

/** The handler behind the entity's declared rule for this action, when it declares one. */
function guardedByRule(core: Core, module: string, group: string, action: string, handler: Route['handler']): Route['handler'] {
  const e = core.model.byKey.get(`${module}/${group}`);
  const name = action.split('/')[0];
  if (!e?.access.actions[name]) return handler;
  return async (req) => {
    await assertMayCall(core.model, core.db, e, name, req.user, req.body ?? req.query);
    return handler(req);
  };
}

export const MODULES_DIR = resolve(__dirname, '../modules');

function findFiles(dir: string, ext: string, role = 'routes'): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...findFiles(p, ext, role));
    else if (d.name.endsWith(`.${role}${ext}`)) out.push(p);
  }
  return out.sort();
}

/** Imports every module's `*.task.ts`, which registers its task handlers; answers the files. */
export async function loadModuleTasks(dir = MODULES_DIR): Promise<string[]> {
  const ext = extname(__filename) === '.ts' ? '.ts' : '.js';
  const files = findFiles(dir, ext, 'task');
  for (const file of files) await import(file);
  return files;
}

/** Imports every module's `*.events.ts`, which adds its events to the plugin catalogue; answers the files. */
export async function loadModuleEvents(dir = MODULES_DIR): Promise<string[]> {
  const ext = extname(__filename) === '.ts' ? '.ts' : '.js';
  const files = findFiles(dir, ext, 'events');
  for (const file of files) await import(file);
  return files;
}

/** Runs every module's `*.start.ts` hook, in the files' order; answers the files. */
export async function runModuleStarts(core: Core, dir = MODULES_DIR): Promise<string[]> {
  const ext = extname(__filename) === '.ts' ? '.ts' : '.js';
  const files = findFiles(dir, ext, 'start');
  for (const file of files) {
    const mod = (await import(file)) as { default?: StartHook };
    if (typeof mod.default !== 'function') throw new Error(`${file} has no default export of onStart(...)`);
    await mod.default(core);
  }
  return files;
}

export async function loadModuleRoutes(core: Core, dir = MODULES_DIR): Promise<Route[]> {
  const ext = extname(__filename) === '.ts' ? '.ts' : '.js';
  const routes: Route[] = [];
  for (const file of findFiles(dir, ext)) {
    const mod = (await import(file)) as { default?: RouteFactory };
    if (typeof mod.default !== 'function') throw new Error(`${file} has no default export of defineRoutes(...)`);
    routes.push(...(await mod.default(core)));
  }
  return routes;
}
