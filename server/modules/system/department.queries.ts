/** Department reads beyond the generic query: the whole tree, and whether one department exists. */
import type { Core, Entity } from '../../core/api';

export interface DepartmentNode {
  id: number;
  parentId: number | null;
}

/** The department tree as the order call checks it: every department, which the bounded generic list may not give whole. */
export async function departmentTree(core: Core, departments: Entity): Promise<DepartmentNode[]> {
  const q = core.db.q.bind(core.db);
  return core.db.query<DepartmentNode>(`SELECT ${q('id')}, ${q('parentId')} FROM ${q(departments.table)}`);
}

/** Whether a department row with this id exists. */
export async function departmentExists(core: Core, id: number): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query(`SELECT ${q('id')} FROM ${q(core.model.system('departments').table)} WHERE ${q('id')} = ?`, [id]);
  return rows.length > 0;
}
