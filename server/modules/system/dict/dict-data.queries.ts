/** Dictionary types by key, and the entries of some types, as the dictionary calls read them. */
import { entity } from '../../../core/api';
import type { Core, EntityRow } from '../../../core/api';

export type TypeRow = Pick<EntityRow<'dict/type'>, 'id' | 'name' | 'key'>;

export type EntryRow = Pick<EntityRow<'dict/info'>, 'id' | 'typeId' | 'name' | 'value' | 'orderNum' | 'parentId'>;

const typesTable = (core: Core) => core.db.q(core.model.system('dictTypes').table);

/** The types whose key is one of `keys` (every type for null), by id. */
export async function typesByKey(core: Core, keys: string[] | null): Promise<Array<Omit<TypeRow, 'name'>>> {
  const q = core.db.q.bind(core.db);
  return core.db.query<Omit<TypeRow, 'name'>>(
    `SELECT ${q('id')}, ${q('key')} FROM ${typesTable(core)}` +
      (keys ? ` WHERE ${q('key')} IN (${keys.map(() => '?').join(', ')})` : '') +
      ` ORDER BY ${q('id')} ASC`,
    keys ?? [],
  );
}

/** The entries of the types `typeIds` (not empty), by orderNum then id. */
export async function entriesOf(core: Core, typeIds: number[]): Promise<EntryRow[]> {
  const q = core.db.q.bind(core.db);
  return core.db.query<EntryRow>(
    `SELECT ${['id', 'typeId', 'name', 'value', 'orderNum', 'parentId'].map(q).join(', ')} FROM ${q(entity(core.model, 'dict/info').table)} ` +
      `WHERE ${q('typeId')} IN (${typeIds.map(() => '?').join(', ')}) ORDER BY ${q('orderNum')} ASC, ${q('id')} ASC`,
    typeIds,
  );
}

/** Every type, by id. */
export async function allTypes(core: Core): Promise<TypeRow[]> {
  const q = core.db.q.bind(core.db);
  return core.db.query<TypeRow>(`SELECT ${q('id')}, ${q('name')}, ${q('key')} FROM ${typesTable(core)} ORDER BY ${q('id')} ASC`);
}
