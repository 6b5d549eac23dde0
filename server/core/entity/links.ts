/**
 * Many-to-many link entities (role–menu, role–department, user–role) for entity hooks: read the ids
 * linked to some rows in one read, and replace the links of one row, through the hook's transaction
 * as the system (the links are the server's own bookkeeping behind a virtual field).
 *
 * @example
 * ```ts
 * const TEAM_USERS = { entity: 'demo/teamUser', from: 'teamId', to: 'userId' };
 * const byTeam = await readLinks(t, TEAM_USERS, teamIds);
 * await replaceLinks(t, TEAM_USERS, teamId, [3, 4]);
 * ```
 */
import type { HookTransaction } from './define';
import { dynamicKey } from './row-types';
import { eq, isIn } from '../condition';

/** How many link rows one add carries (the add operation's batch limit). */
const BATCH = 1000;

export interface Link {
  /** The link entity's key. */
  entity: string;
  /** Column holding the id of the row the hook is about. */
  from: string;
  /** Column holding the linked id. */
  to: string;
}

/** Distinct integer ids of an array sent by a client; anything else is dropped. */
export function toIds(values: unknown[]): number[] {
  return [...new Set(values.map(Number).filter((v) => Number.isInteger(v)))];
}

/** The ids linked to each of `ids`, each list ascending. */
export async function readLinks(t: HookTransaction, link: Link, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await t.system.find(dynamicKey(link.entity), isIn(link.from, ids), { fields: [link.from, link.to] });
  for (const r of rows) {
    const key = Number(r[link.from]);
    (out.get(key) ?? out.set(key, []).get(key)!).push(Number(r[link.to]));
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

/** Makes `linked` the ids linked to `id`: its other links go, the missing ones are added. */
export async function replaceLinks(t: HookTransaction, link: Link, id: number, linked: number[]): Promise<void> {
  await t.system.purge(dynamicKey(link.entity), eq(link.from, id));
  for (let i = 0; i < linked.length; i += BATCH) {
    await t.system.add(
      dynamicKey(link.entity),
      linked.slice(i, i + BATCH).map((other) => ({ [link.from]: id, [link.to]: other })),
    );
  }
}
