/**
 * The inputs of friend/add, friend/update and friend/delete, declared as shapes (core/calls/input.ts):
 * every bad field listed in one 1002, unknown fields refused, fields the server decides (owner,
 * status on add, times, the virtual profile fields) ignored.
 */
import { field, id, nullableText, oneOf, raw, BAD, type Field, type Input } from '../../../core/api';
import { FRIEND_STATUS } from '../../../../entities/base/friend.entity';

export type FriendStatus = (typeof FRIEND_STATUS)[keyof typeof FRIEND_STATUS];

const IGNORED = ['userId', 'delete', 'createTime', 'updateTime', 'avatar', 'nickName', 'userAvatar', 'userNickName'];
const REMARK_MAX = 255;

/** A whole number, or null to clear it. */
const nullableInt: Field<number | null, true> = field<number | null>({ type: ['integer', 'null'] }, (v, r) => {
  if (v === null || (typeof v === 'number' && Number.isSafeInteger(v))) return v;
  r.errors.push({ field: r.at, rule: 'type', params: { type: 'integer' } });
  return BAD;
}).optional();

/** The owner's own fields of a row. */
const OWN = { remark: nullableText({ max: REMARK_MAX }), type: nullableInt };

/** friend/add `{friendId, remark?, type?}`. */
export const ADD_INPUT = { friendId: id(), ...OWN };
/** `id` and `status` are the server's on add: ignored. */
export const ADD_IGNORED = ['id', 'status', ...IGNORED];

/** friend/update `{id, status?, remark?, type?}`, status one of 0-3. */
export const UPDATE_INPUT = { id: id(), status: oneOf(Object.values(FRIEND_STATUS)).optional(), ...OWN };
/** friendId names the pair, which an update never changes: ignored, like the owner. */
export const UPDATE_IGNORED = ['friendId', ...IGNORED];

/** The ids as the generic delete takes them (a list, one id, or "1,2"): 400 bad_ids otherwise. */
const IDS = {
  anyOf: [
    { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 },
    { type: 'integer', minimum: 1 },
    { type: 'string', description: 'ids separated by commas' },
  ],
};
export const DELETE_INPUT = { ids: raw(IDS).optional() };

export type AddBody = Input<typeof ADD_INPUT>;
export type UpdateBody = Input<typeof UPDATE_INPUT>;
