/**
 * The inputs of the chat's calls beyond sending (message-change.routes.ts), which the socket's
 * events of the same names read too (readInput), so each rule is said once.
 */
import { ABSENT, BAD, bool, field, id, oneOf } from '../../core/api';
import { LIMITS, TARGET } from './conversation';
import { REACTIONS } from './message-change';

/** An edited text: a non-empty string, at most LIMITS.contentChars characters as JSON text, as a send's content. */
const TEXT = field<string>({ type: 'string', minLength: 1, description: `text, at most ${LIMITS.contentChars} characters as JSON text` }, (v, r) => {
  if (v === null || v === undefined || v === '') {
    r.errors.push({ field: r.at, rule: 'required', params: {} });
    return BAD;
  }
  if (typeof v !== 'string') {
    r.errors.push({ field: r.at, rule: 'type', params: { type: 'string' } });
    return BAD;
  }
  if (!v.trim()) {
    r.errors.push({ field: r.at, rule: 'required', params: {} });
    return BAD;
  }
  return JSON.stringify(v).length > LIMITS.contentChars ? (r.errors.push({ field: r.at, rule: 'max_length', params: { limit: LIMITS.contentChars } }), BAD) : v;
});

/** A flag that may be left out (null counts as left out). */
const maybeBool = () => {
  const b = bool();
  return field<boolean>(b.schema, (v, r) => (v === null ? ABSENT : b.read(v, r))).optional();
};

export const EDIT_INPUT = { id: id(), content: TEXT };
export const RECALL_INPUT = { id: id() };
export const REACT_INPUT = { id: id(), emoji: oneOf(REACTIONS), on: maybeBool() };
export const PIN_INPUT = { id: id(), pinned: bool() };
/** A conversation: typing, pins, readers. */
export const TYPING_INPUT = { ...TARGET };
export const MUTE_INPUT = { ...TARGET, muted: bool() };
