/**
 * What a read shows its caller, and so what the caller may search, filter and sort by.
 *
 * The rule: a field takes part in a read's equality filters, keyWord and `order` only when the answer
 * shows it on every row the read may return, since which rows match, and in which order, would give
 * away a value the answer leaves out. So never a hidden or writeOnly field; for an anonymous caller
 * only the entity's `visible.anonymous`; for a member (any caller but administrators) of an entity
 * with an owner field, the fields outside `visible.member` only when the read is confined to their
 * own rows (the owner filter names the caller), because rows of other owners are cut to that view.
 * An equality filter or `order` naming another field is refused (400, bad_filter / bad_order), as a
 * field that is not filterable at all; keyWord silently searches the keyword fields that are shown
 * (and matches nothing when none is).
 */
import type { AuthUser, Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { bypasses, trimForAnonymous } from './access-sql';

/** Every field a read may return (not hidden, not writeOnly); administrators use them all. */
const readableNames = new WeakMap<Entity, ReadonlySet<string>>();

function readable(e: Entity): ReadonlySet<string> {
  let names = readableNames.get(e);
  if (!names) readableNames.set(e, (names = new Set(e.readable.map((f) => f.name))));
  return names;
}

/** Whether the read's filter on the owner field names only the caller. */
function confinedToOwn(e: Entity, user: AuthUser, body: Record<string, unknown>): boolean {
  const raw = e.owner ? body[e.owner] : undefined;
  const values = Array.isArray(raw) ? raw : [raw];
  return values.length > 0 && values.every((v) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) && Number(v) === user.id);
}

/** The fields the answer to this read shows the caller on every row (the rule above). */
export function shownFields(e: Entity, user: AuthUser | null, body: Record<string, unknown>): ReadonlySet<string> {
  const all = readable(e);
  if (bypasses(user)) return all;
  if (!user) return new Set(e.access.visible.anonymous.filter((n) => all.has(n)));
  if (!e.owner || confinedToOwn(e, user, body)) return all;
  return new Set(e.access.visible.member.filter((n) => all.has(n)));
}

/** Whether members see less than every readable field of other owners' rows. */
function narrowsMembers(e: Entity): boolean {
  const keep = new Set(e.access.visible.member);
  return [...readable(e)].some((n) => !keep.has(n));
}

/** Cuts a member's rows of other owners down to `visible.member` (entities with an owner field). */
export function trimForMember(e: Entity, user: AuthUser | null, rows: Row[]): void {
  const owner = e.owner;
  if (!user || bypasses(user) || !owner || !narrowsMembers(e)) return;
  const keep = new Set(e.access.visible.member);
  for (const row of rows) {
    if (Number(row[owner]) === user.id) continue;
    for (const k of Object.keys(row)) if (!keep.has(k)) delete row[k];
  }
}

/** Cuts rows down to what the caller may see of them. */
export function trimForCaller(e: Entity, user: AuthUser | null, rows: Row[]): void {
  trimForAnonymous(e, user, rows);
  trimForMember(e, user, rows);
}
