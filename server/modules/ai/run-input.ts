/**
 * What the run calls take and answer, declared once for both (message/runWorkflow for sync apps,
 * message/addTask for async ones) and for the workflow engine's callbacks:
 *
 * - a start: `{ appId, input, toType?, toId?, clientId? }`. `input` is text or an object (the app's
 *   own schema is checked once the app is read: run-start.ts), at most a chat message's length as
 *   JSON; `toType` and `toId` come together or not at all; `clientId` may be null (none) but not ''.
 * - a callback's body: `{ output, usage? }` (result) or `{ error }` (error), read only once its
 *   signature has been checked (async-run.service.ts), so an unsigned caller learns nothing of it.
 */
import { ABSENT, BAD, field, id, int, object, text, type Input, type Reading, ANY_OBJECT, INT, NUM, obj } from '../../core/api';
import type { Row, InvalidField } from '../../core/api';
import { LIMITS } from '../chat/conversation';

function bad(r: Reading, rule: string, params: Record<string, string | number> = {}): typeof BAD {
  r.errors.push({ field: r.at, rule, params });
  return BAD;
}

/** Text or an object (not a list), of at most `maxLength` characters as JSON when given; required. */
function textOrObject(description: string, maxLength?: number) {
  return field<string | Row>({ anyOf: [{ type: 'string', minLength: 1 }, { type: 'object' }], description }, (v, r) => {
    if (v === null || v === '') return bad(r, 'required');
    if (typeof v !== 'string' && (typeof v !== 'object' || Array.isArray(v))) return bad(r, 'type', { type: 'object or string' });
    if (maxLength !== undefined && JSON.stringify(v).length > maxLength) return bad(r, 'max_length', { limit: maxLength });
    return v as string | Row;
  });
}

/** A retry key: null is none, '' is refused (as a chat message's clientId). */
const clientId = field<string>({ type: ['string', 'null'], minLength: 1, maxLength: LIMITS.clientIdChars }, (v, r) => {
  if (v === null) return ABSENT;
  if (typeof v !== 'string') return bad(r, 'type', { type: 'string' });
  if (v === '') return bad(r, 'length', { min: 1, max: LIMITS.clientIdChars });
  if ([...v].length > LIMITS.clientIdChars) return bad(r, 'max_length', { limit: LIMITS.clientIdChars });
  return v;
}).optional();

/** The input of a start. */
export const RUN_INPUT = {
  appId: id('the app to run'),
  input: textOrObject("the run's input, checked against the app's input schema", LIMITS.contentChars),
  toType: int({ min: 0, max: 1 }).optional(),
  toId: id('the group (toType 1) or the member (toType 0) the run is answered to').optional(),
  clientId,
};

/** A start as the call read it. */
export type RunInput = Input<typeof RUN_INPUT>;

/** toType and toId together or not at all (unless one of them was already refused). */
export function refineRunInput(input: { toType?: number; toId?: number }, body: unknown): InvalidField[] {
  const b = (body ?? {}) as Row;
  const typeBad = b.toType !== undefined && input.toType === undefined;
  const idBad = b.toId !== undefined && b.toId !== null && b.toId !== '' && input.toId === undefined;
  if (typeBad || idBad || (input.toType === undefined) === (input.toId === undefined)) return [];
  return [{ field: input.toType === undefined ? 'toType' : 'toId', rule: 'required', params: {} }];
}

/** What a start answers at once: the run, its request message, the tokens reserved and the balance after. */
export const RUN_ANSWER = obj({ runId: INT, message: ANY_OBJECT, cost: NUM, balance: NUM });

const TOKENS = int({ min: 0, max: 2 ** 31 - 1 }).optional();
const USAGE = object({ promptTokens: TOKENS, completionTokens: TOKENS });

/** The tokens the engine's model used, when it says (null: it does not). */
const usage = field<{ promptTokens?: number; completionTokens?: number }>({ anyOf: [USAGE.schema, { type: 'null' }] }, (v, r) =>
  v === null ? ABSENT : USAGE.read(v, r),
).optional();

/** The body of the engine's callback of a run that succeeded. */
export const RESULT_BODY = {
  output: textOrObject("the run's answer"),
  usage,
};

/** The body of the engine's callback of a run that failed. */
export const ERROR_BODY = { error: text({ max: 1000 }) };

/** What a callback answers: the run's status after it. */
export const CALLBACK_ANSWER = obj({ status: INT });
