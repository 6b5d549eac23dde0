/**
 * The web's one typed data layer (refine's data provider): the six CRUD calls of every entity,
 * typed by its key from the generated entity types, over the one http client.
 *
 *   const users = await data('base/sys/user').page({ page: 1, keyWord: 'ann' });
 *   await data('base/sys/role').delete([3]);
 *
 * Screens never build a CRUD path by hand, and reach every other call through `calls` (calls.ts).
 * Screens rendered from /eps use `epsData(entry)` (console/eps.ts), the same calls with the methods /eps gives.
 */
import { ENTITY_ACTIONS } from '../../generated/entities';
import { crudCalls, type CrudCalls, type CrudMethod } from './crud-calls';
import { entityRequest } from './request';
import type { ActionsOf, AddBody, CrudAction, EntityKey, ListQuery, Row, UpdateBody } from './types';

/** The calls entity `K` declares, typed by its generated row, add and update types. */
export type EntityData<K extends EntityKey> = Pick<CrudCalls<Row<K>, ListQuery<K>, AddBody<K>, UpdateBody<K>>, ActionsOf<K>>;

const methods: Record<string, Partial<Record<CrudAction, CrudMethod>>> = ENTITY_ACTIONS;
const cache = new Map<string, unknown>();

/** The CRUD calls of an entity (one object per key). */
export function data<K extends EntityKey>(key: K): EntityData<K> {
  let calls = cache.get(key);
  if (!calls) {
    calls = crudCalls(`/admin/${key}`, (action) => methods[key]?.[action] ?? (action === 'info' ? 'GET' : 'POST'), entityRequest);
    cache.set(key, calls);
  }
  return calls as EntityData<K>;
}

/** The CRUD calls of a prefix whose methods come from elsewhere (/eps for the generic screens). */
export function callsFor<R, Q extends object, A, U>(prefix: string, methodOf: (action: CrudAction) => CrudMethod): CrudCalls<R, Q, A, U> {
  return crudCalls(prefix, methodOf, entityRequest);
}

export { type CrudCalls, type CrudMethod } from './crud-calls';
export { fieldErrors, fieldProblems, showFieldErrors, type FieldProblem } from './field-errors';
export type { ActionsOf, AddBody, CrudAction, EntityKey, Filters, KeyWith, ListQuery, PageQuery, PageResult, Row, UpdateBody } from './types';

export { calls, shaped, type Calls } from './calls';
