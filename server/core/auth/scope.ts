/**
 * Data permission by department: the departments a non-administrator's roles hold, plus their
 * descendants for roles whose `relevance` flag is on. The core narrows every read and write of an
 * entity with an owner or department field to rows of users in these departments (and the caller's own).
 */
import type { Db } from '../db/db';
import type { Model } from '../entity/model';

export async function loadScope(db: Db, model: Model, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const q = db.q.bind(db);
  const marks = roleIds.map(() => '?').join(', ');
  const links = await db.query<{ roleId: number; departmentId: number; relevance: number | boolean | null }>(
    `SELECT rd.${q('roleId')} AS ${q('roleId')}, rd.${q('departmentId')} AS ${q('departmentId')}, r.${q('relevance')} AS ${q('relevance')} FROM ${q(model.system('roleDepartments').table)} rd JOIN ${q(model.system('roles').table)} r ON r.${q('id')} = rd.${q('roleId')} WHERE rd.${q('roleId')} IN (${marks})`,
    roleIds,
  );
  const direct = new Set<number>();
  const roots: number[] = [];
  for (const l of links) {
    const d = Number(l.departmentId);
    direct.add(d);
    if (l.relevance === true || Number(l.relevance) === 1) roots.push(d);
  }
  if (roots.length) {
    const all = await db.query<{ id: number; parentId: number | null }>(`SELECT ${q('id')}, ${q('parentId')} FROM ${q(model.system('departments').table)}`);
    const children = new Map<number, number[]>();
    for (const d of all) {
      if (d.parentId === null) continue;
      const p = Number(d.parentId);
      (children.get(p) ?? children.set(p, []).get(p)!).push(Number(d.id));
    }
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      for (const c of children.get(id) ?? []) {
        if (!direct.has(c)) {
          direct.add(c);
          stack.push(c);
        }
      }
    }
  }
  return [...direct].sort((a, b) => a - b);
}
