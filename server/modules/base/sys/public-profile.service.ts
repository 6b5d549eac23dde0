/** What anyone may see of a user: the public profile fields of the user declaration's access. */
import type { Core } from '../../../core/core';
import type { Row } from '../../../core/entity/define';
import { rowCodec, type RowCodec } from '../../../core/crud/values';
import { fail } from '../../../core/http/errors';
import { enabledUser } from './user.queries';

const codecs = new WeakMap<object, RowCodec>();

/** Quoted column list and decoder of the public fields, optionally with a table alias. */
export function publicColumns(core: Core, alias = ''): { select: string; decode: (row: Row) => Row } {
  const users = core.model.system('users');
  const fields = users.access.visible.anonymous;
  let codec = codecs.get(users);
  if (!codec) {
    codec = rowCodec(users, users.readable.filter((f) => fields.includes(f.name)));
    codecs.set(users, codec);
  }
  const prefix = alias ? `${alias}.` : '';
  return { select: fields.map((f) => `${prefix}${core.db.q(f)}`).join(', '), decode: codec.decode };
}

/** The public profile of an enabled, undeleted user; 404 otherwise. */
export async function openDetail(core: Core, idValue: unknown): Promise<Row> {
  const raw = typeof idValue === 'string' && /^\d+$/.test(idValue) ? Number(idValue) : idValue;
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 1) throw fail.bad('bad_id');
  const cols = publicColumns(core);
  const row = await enabledUser(core, cols.select, raw);
  if (!row) throw fail.notFound('record_not_found');
  return cols.decode(row);
}
