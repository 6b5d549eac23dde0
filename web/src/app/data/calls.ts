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
import { CALL_ROUTES, type Calls } from '../../generated/calls';
import { callsFrom, type CallTable } from './calls-from';
import { entityRequest } from './request';

export type { Calls };

export const calls = callsFrom(CALL_ROUTES as unknown as CallTable, entityRequest) as unknown as Calls;

/**
 * An answer declared only as an object (or a list of objects), read as the type a screen names its
 * fields by: `shaped<ProfileRow>(calls.base.sys.user.openDetail({ id }))`.
 */
export function shaped<T>(answer: Promise<Record<string, unknown> | Array<Record<string, unknown>>>): Promise<T> {
  return answer as Promise<unknown> as Promise<T>;
}
