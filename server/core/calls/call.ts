/**
 * A declared call: a hand-written route that says, beside its handler, what it takes (`input`, a
 * shape of fields from input.ts), who may call it (`access`, access.ts), whether it writes
 * (`effect`) and what it answers (`answer`, a JSON Schema of at least its top level), with its
 * summary in en, zh-cn and zh-tw. /eps, OpenAPI, the typed web client, the permission matrix and
 * agents read the declaration; the handler receives the validated, typed input.
 *
 * Order of a request: the route's guard (401/403, in the dispatcher), then the input (400 with
 * 1002 naming every bad field; a field the input does not name is one, unless COOL_COMPAT is on,
 * since cool-admin's client sends extras; `refine`'s checks of the whole input, or that need the
 * database such as limits an administrator set, add theirs to the same answer), then the access check
 * (403), then the handler.
 *
 * @example
 * ```ts
 * call(core, 'base', 'groupMember', 'teamMember', {
 *   method: 'POST',
 *   summary: l("A team's members, with roles", '团队成员（含角色）', '團隊成員（含角色）'),
 *   input: { groupId: id() },
 *   access: check(l('a member of the team', '团队成员', '團隊成員'), ({ user, input, exists }) =>
 *     exists('base/groupMember', and(eq('groupId', input.groupId), eq('userId', user.id)))),
 *   effect: 'read',
 *   answer: listOf(MEMBER_ROW),
 *   handler: (req, { groupId }) => teamMembers(core, groupId),
 * });
 * ```
 */
import type { Core } from '../core';
import type { JsonSchema } from '../entity/model';
import type { Labels } from '../entity/define';
import type { ApiRequest, CallDescription, Effect, Route } from '../http/route';
import type { InvalidField } from '../errors';
import { fail } from '../errors';
import { objectBody } from '../http/body';
import { existsIn, bypasses } from '../crud/access-sql';
import { coolCompat } from '../cool-compat';
import { readShape, shapeSchema, type Input, type Shape } from './input';
import { accessSays, guardOf, type Access } from './access';

export type { CallDescription, Effect };

export interface DeclaredCall<S extends Shape, A = unknown> {
  method: Route['method'];
  summary: Labels;
  /** A longer account of what the call does, when the summary is not enough. */
  description?: Labels;
  input: S;
  /**
   * A call whose operation reads the whole body itself (the generic add's object or list of
   * objects, validated by the entity's declaration): its schema, for the description. `input` is
   * then `{}` and the handler reads `req.body`.
   */
  body?: JsonSchema;
  /** Fields a body may carry that the call drops silently (entity fields a member may not set here). */
  ignored?: readonly string[];
  /**
   * Checks of the input as a whole, or that need the database or the administrator's params: more
   * bad fields. It runs even when some fields were bad (those are then absent), so that one 1002
   * names them all; it may replace a field by what it read of it (an AI member's config).
   */
  refine?(input: Input<S>, req: ApiRequest): InvalidField[] | Promise<InvalidField[]>;
  /** Who may call (the permission key by default). */
  access?: Access<Input<S>>;
  effect: Effect;
  /** The JSON Schema of what the call answers (the envelope's `data`). */
  answer?: JsonSchema;
  /** The raw answer instead of an envelope. */
  raw?: boolean;
  /** The member role holds this call's permission key (seeded once, never forced back). */
  member?: boolean;
  menuPage?: Route['menuPage'];
  /** Switched off on this server by its settings (the handler refuses everyone): never offered as a tool. */
  switchedOff?: boolean;
  handler(req: ApiRequest, input: Input<S>): Promise<A>;
}

/** Query parameters a GET may carry to get past caches (`?_t=<time>`, `?_=<time>`): never an unknown field. */
export const CACHE_BUSTERS = ['_t', '_'];

/** Builds the route of a declared call at `path` with `permission`. */
export function declaredRoute<S extends Shape, A>(core: Core, base: Omit<Route, 'handler' | 'guard'>, spec: DeclaredCall<S, A>): Route {
  const guard = guardOf(spec.access as Access<unknown> | undefined);
  const ignoreUnknown = coolCompat(core.config.env);
  const rule = typeof spec.access === 'object' ? spec.access : null;
  const entity = base.entity;
  return {
    ...base,
    guard,
    permission: guard === 'permission' ? base.permission : null,
    call: {
      input: spec.body ?? shapeSchema(spec.input),
      answer: spec.answer ?? null,
      effect: spec.effect,
      access: accessSays(spec.access as Access<unknown> | undefined, guard),
      description: spec.description ?? null,
      ...(spec.switchedOff ? { switchedOff: true } : {}),
    },
    async handler(req) {
      const query = req.ctx.method === 'GET' || req.ctx.method === 'HEAD';
      const errors: InvalidField[] = [];
      const ignored = query ? [...CACHE_BUSTERS, ...(spec.ignored ?? [])] : spec.ignored;
      const input = spec.body
        ? ({} as Input<S>)
        : readShape(spec.input, query ? req.query : objectBody(req.body, true), { at: '', errors, query }, ignoreUnknown, ignored);
      // The refinement runs on the fields that read well (a bad one is absent), so one answer names every bad field.
      if (spec.refine) errors.push(...(await spec.refine(input, req)));
      if (errors.length) throw fail.invalid(errors);
      if (rule && !bypasses(req.user)) {
        const exists = existsIn(core.model, core.db, entity ?? ({ key: `${base.module}/${base.group}` } as never));
        if (!req.user || !(await rule.allow({ user: req.user, input, exists }))) throw fail.forbidden('no_permission');
      }
      return spec.handler(req, input);
    },
  };
}
