/**
 * Dictionaries for clients (001 §7): `data` maps each asked type key to its entries, sorted by
 * orderNum, each with `label` (its name) and `value` (its value, or its id when the value is empty),
 * nested through parentId as `children`. A type with no entries, or an unknown key, gives an empty
 * list: the console shows 'No available dictionary' for it.
 */
import { fail } from '../../../core/api';
import type { Core } from '../../../core/api';
import { SYSADMIN } from '../sysadmin.messages';
import { entriesOf, typesByKey } from './dict-data.queries';

const MAX_TYPES = 200;

export interface DictEntry {
  id: number;
  name: string;
  label: string;
  value: string | number;
  orderNum: number;
  parentId: number | null;
  children?: DictEntry[];
}

/** A numeric text in its canonical form becomes a number, so entries match int fields ('3' -> 3). */
function entryValue(value: unknown, id: number): string | number {
  if (value === null || value === undefined || value === '') return id;
  const s = String(value);
  return /^-?(0|[1-9]\d{0,14})$/.test(s) ? Number(s) : s;
}

/** The asked keys (a list, or comma-separated text), null for every type. */
function readTypes(raw: unknown): string[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const list =
    typeof raw === 'string'
      ? raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : raw;
  if (!Array.isArray(list) || list.length > MAX_TYPES || list.some((t) => typeof t !== 'string' || t.length > 255)) {
    throw fail.bad(SYSADMIN.dict_types_bad);
  }
  return list.length ? [...new Set(list as string[])] : null;
}

/** Entries of one type as a forest; a parent loop is cut where it is met, so every entry appears once. */
function forest(rows: DictEntry[]): DictEntry[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kids = new Map<number, DictEntry[]>();
  for (const r of rows) {
    if (r.parentId !== null && byId.has(r.parentId) && r.parentId !== r.id) {
      (kids.get(r.parentId) ?? kids.set(r.parentId, []).get(r.parentId)!).push(r);
    }
  }
  const placed = new Set<number>();
  const build = (r: DictEntry): DictEntry => {
    placed.add(r.id);
    const children = (kids.get(r.id) ?? []).filter((c) => !placed.has(c.id)).map(build);
    return children.length ? { ...r, children } : { ...r };
  };
  const roots = rows.filter((r) => r.parentId === null || !byId.has(r.parentId) || r.parentId === r.id);
  const out = roots.map(build);
  for (const r of rows) if (!placed.has(r.id)) out.push(build(r));
  return out;
}

export async function dictData(core: Core, types: unknown): Promise<Record<string, DictEntry[]>> {
  const keys = readTypes(types);
  const found = await typesByKey(core, keys);
  const result: Record<string, DictEntry[]> = {};
  for (const k of keys ?? []) result[k] = [];
  if (!found.length) return result;
  const typeIds = found.map((t) => t.id);
  const byType = new Map<number, DictEntry[]>(typeIds.map((id) => [id, []]));
  for (const r of await entriesOf(core, typeIds)) {
    const id = r.id;
    byType.get(r.typeId)?.push({
      id,
      name: r.name,
      label: r.name,
      value: entryValue(r.value, id),
      orderNum: r.orderNum,
      parentId: r.parentId,
    });
  }
  for (const t of found) result[t.key] = forest(byType.get(t.id)!);
  return result;
}
