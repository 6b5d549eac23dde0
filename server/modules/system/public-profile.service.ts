/** What anyone may see of a user: the public profile fields of the user declaration's access. */
import { rowCodec, type RowCodec, fail } from '../../core/api';
import type { Core, Row } from '../../core/api';
import { enabledUser, enabledUserByUsername, searchPeople } from './user.queries';

const codecs = new WeakMap<object, RowCodec>();

/** Quoted column list and decoder of the public fields, optionally with a table alias. */
export function publicColumns(core: Core, alias = ''): { select: string; decode: (row: Row) => Row } {
  const users = core.model.system('users');
  const fields = users.access.visible.anonymous;
  let codec = codecs.get(users);
  if (!codec) {
    codec = rowCodec(
      users,
      users.readable.filter((f) => fields.includes(f.name)),
    );
    codecs.set(users, codec);
  }
  const prefix = alias ? `${alias}.` : '';
  return { select: fields.map((f) => `${prefix}${core.db.q(f)}`).join(', '), decode: codec.decode };
}

/**
 * The public profile of an enabled, undeleted user, by `id` or by `name` (the username: the person
 * page's `/person/{name}`; a name of digits that is nobody's username is tried as an id); 404
 * otherwise. The answer never holds the username.
 */
export async function openDetail(core: Core, idValue: unknown, nameValue?: unknown): Promise<Row> {
  const cols = publicColumns(core);
  if (idValue === undefined && nameValue !== undefined) {
    if (typeof nameValue !== 'string' || nameValue.trim() === '' || nameValue.length > 100) {
      throw fail.invalid([{ field: 'name', rule: 'type', params: { type: 'string' } }]);
    }
    const byName = await enabledUserByUsername(core, cols.select, nameValue.trim());
    if (byName) return cols.decode(byName);
    if (!/^\d{1,15}$/.test(nameValue.trim())) throw fail.notFound('record_not_found');
    idValue = nameValue.trim();
  }
  const raw = typeof idValue === 'string' && /^\d+$/.test(idValue) ? Number(idValue) : idValue;
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 1) throw fail.bad('bad_id');
  const row = await enabledUser(core, cols.select, raw);
  if (!row) throw fail.notFound('record_not_found');
  return cols.decode(row);
}

export const PEOPLE_SEARCH_MAX = 20;

/** People a member may add as friends: see `searchPeople`; the key word is 2 to 64 characters. */
export async function searchPublicPeople(core: Core, keyWordValue: unknown, callerId: number): Promise<Row[]> {
  const keyWord = typeof keyWordValue === 'string' ? keyWordValue.trim() : keyWordValue;
  if (typeof keyWord !== 'string') throw fail.invalid([{ field: 'keyWord', rule: 'type', params: { type: 'string' } }]);
  if (keyWord.length < 2 || keyWord.length > 64) throw fail.invalid([{ field: 'keyWord', rule: 'length', params: { min: 2, max: 64 } }]);
  const cols = publicColumns(core);
  const rows = await searchPeople(core, cols.select, keyWord, callerId, PEOPLE_SEARCH_MAX);
  return rows.map(({ rank_: _rank, ...r }) => cols.decode(r));
}
