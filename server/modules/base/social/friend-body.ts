/**
 * The bodies of friend/add and friend/update, checked as the generic actions check theirs: every bad
 * field listed in one 1002, unknown fields refused, fields the server decides (owner, status on add,
 * times, the virtual profile fields) ignored.
 */
import type { InvalidField } from '../../../core/http/errors';
import { fail } from '../../../core/http/errors';
import { objectBody } from '../../../core/http/body';
import { FRIEND_STATUS } from '../../../../entities/base/friend.entity';

export type FriendStatus = (typeof FRIEND_STATUS)[keyof typeof FRIEND_STATUS];

/** The owner's own fields of a row. */
export interface OwnFields {
  remark?: string | null;
  type?: number | null;
}

export interface AddBody extends OwnFields {
  friendId: number;
}

export interface UpdateBody extends OwnFields {
  id: number;
  status?: FriendStatus;
}

const IGNORED = ['userId', 'delete', 'createTime', 'updateTime', 'avatar', 'nickName', 'userAvatar', 'userNickName'];
const REMARK_MAX = 255;
const STATUSES: number[] = Object.values(FRIEND_STATUS);

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function ownFields(b: Record<string, unknown>, errors: InvalidField[]): OwnFields {
  const out: OwnFields = {};
  if (b.remark !== undefined) {
    if (b.remark !== null && typeof b.remark !== 'string') errors.push({ field: 'remark', rule: 'type', params: { type: 'string' } });
    else if (typeof b.remark === 'string' && b.remark.length > REMARK_MAX) errors.push({ field: 'remark', rule: 'max_length', params: { limit: REMARK_MAX } });
    else out.remark = b.remark;
  }
  if (b.type !== undefined) {
    if (b.type !== null && !(typeof b.type === 'number' && Number.isSafeInteger(b.type))) errors.push({ field: 'type', rule: 'type', params: { type: 'integer' } });
    else out.type = b.type;
  }
  return out;
}

/** Refuses fields that are neither `known` nor ignored (see {@link IGNORED}). */
function unknownFields(b: Record<string, unknown>, known: string[], errors: InvalidField[]): void {
  for (const k of Object.keys(b)) if (!known.includes(k) && !IGNORED.includes(k)) errors.push({ field: k, rule: 'unknown', params: {} });
}

/** `{friendId, remark?, type?}`; `id` and `status` are the server's on add and ignored. */
export function addBody(body: unknown): AddBody {
  const b = objectBody(body);
  const errors: InvalidField[] = [];
  unknownFields(b, ['friendId', 'remark', 'type', 'id', 'status'], errors);
  if (b.friendId === undefined || b.friendId === null) errors.push({ field: 'friendId', rule: 'required', params: {} });
  else if (!isId(b.friendId)) errors.push({ field: 'friendId', rule: 'type', params: { type: 'integer' } });
  const own = ownFields(b, errors);
  if (errors.length) throw fail.invalid(errors);
  return { friendId: b.friendId as number, ...own };
}

/** `{id, status?, remark?, type?}`; status one of 0-3; friendId is ignored. */
export function updateBody(body: unknown): UpdateBody {
  const b = objectBody(body);
  const errors: InvalidField[] = [];
  // friendId names the pair, which an update never changes: ignored, like the owner.
  unknownFields(b, ['id', 'status', 'remark', 'type', 'friendId'], errors);
  if (b.id === undefined || b.id === null) errors.push({ field: 'id', rule: 'required', params: {} });
  else if (!isId(b.id)) errors.push({ field: 'id', rule: 'type', params: { type: 'integer' } });
  const out: UpdateBody = { id: b.id as number, ...ownFields(b, errors) };
  if (b.status !== undefined) {
    if (typeof b.status !== 'number' || !STATUSES.includes(b.status)) errors.push({ field: 'status', rule: 'enum', params: { values: STATUSES.join(', ') } });
    else out.status = b.status as FriendStatus;
  }
  if (errors.length) throw fail.invalid(errors);
  return out;
}
