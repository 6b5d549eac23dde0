/**
 * Every call of the API that is not an entity's CRUD action, typed from its declaration
 * (web/src/generated/calls.ts, written by `npm run codegen:types`):
 *
 *   const members = await calls.base.groupMember.teamMember({ groupId });
 *   await calls.task.info.start({ id });
 *
 * Screens reach no call by its path or name: a call that does not exist, or a field of the wrong
 * type, is a compile error. A GET sends its input as the query string, a POST as the JSON body.
 * The second argument is the http client's options (`{ silent: true }`, `skipAuth`, `successMessage`).
 */
import { CALL_ROUTES, type Calls as GeneratedCalls } from '../../generated/calls';
import { callsFrom, mergeTables, type CallTable } from './calls-from';
import { CRUD_NAMED, type OpenCalls } from './crud-named';
import { entityRequest } from './request';

/** Every call: the generated ones and the CRUD-named ones written by hand (crud-named.ts). */
export type Calls = GeneratedCalls & OpenCalls<typeof CRUD_NAMED>;

export const calls = callsFrom(mergeTables(CALL_ROUTES as unknown as CallTable, CRUD_NAMED as unknown as CallTable), entityRequest) as unknown as Calls;
