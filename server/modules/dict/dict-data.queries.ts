/** Dictionary types by key, and the entries of some types, as the dictionary calls read them. */
import type { Core } from '../../core/api';

export interface TypeRow {
  id: number;
  name: string;
  key: string;
}

export interface EntryRow {
  id: number;
  typeId: number;
  name: unknown;
  value: unknown;
  orderNum: unknown;
  parentId: unknown;
}

const typesTable = (core: Core) => core.db.q(core.model.system('dictTypes').table);

/** The types whose key is one of `keys` (every type for null), by id. */
export async function typesByKey(core: Core, keys: string[] | null): Promise<Array<Omit<TypeRow, 'name'>>> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number; key: string }>(
    `SELECT ${q('id')}, ${q('key')} FROM ${typesTable(core)}` +
      (keys ? ` WHERE ${q('key')} IN (${keys.map(() => '?').join(', ')})` : '') +
      ` ORDER BY ${q('id')} ASC`,
    keys ?? [],
  );
  return rows.map((r) => ({ id: Number(r.id), key: r.key }));
}

/** The entries of the types `typeIds` (not empty), by orderNum then id. */
export async function entriesOf(core: Core, typeIds: number[]): Promise<EntryRow[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<EntryRow>(
    `SELECT ${['id', 'typeId', 'name', 'value', 'orderNum', 'parentId'].map(q).join(', ')} FROM ${q(core.model.byKey.get('dict/info')!.table)} ` +
      `WHERE ${q('typeId')} IN (${typeIds.map(() => '?').join(', ')}) ORDER BY ${q('orderNum')} ASC, ${q('id')} ASC`,
    typeIds,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), typeId: Number(r.typeId) }));
}

/** Every type, by id. */
export async function allTypes(core: Core): Promise<TypeRow[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<TypeRow>(`SELECT ${q('id')}, ${q('name')}, ${q('key')} FROM ${typesTable(core)} ORDER BY ${q('id')} ASC`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, key: r.key }));
}
