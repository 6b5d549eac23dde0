/**
 * base/sys/department/order: the console's drag-sorting of the department tree. Takes
 * `{list:[{id, parentId, orderNum}]}` (or the bare list, as cool-admin's console sends it), refuses
 * any move that would put a department under itself, and writes every change in one transaction.
 * The tree itself is built by the console from `list` (rows with parentId and orderNum).
 */
import { entity, l, MAX_BATCH, fail, type InvalidField, coolCompat, call, defineRoutes } from '../../core/api';
import type { Core, AuthUser, Row } from '../../core/api';
import { SYSADMIN, type FieldProblem } from './sysadmin.messages';
import { departmentTree } from './department.queries';
import { DEPARTMENT_MESSAGES } from '../../../entities/base/sys/department.entity';

interface Move {
  id: number;
  parentId?: number | null;
  orderNum?: number;
}

const positive = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function readMoves(body: unknown): Move[] {
  const list = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? (body as Row).list : undefined;
  if (!Array.isArray(list) || list.length === 0) throw fail.bad(SYSADMIN.department_order_empty);
  if (list.length > MAX_BATCH) throw fail.bad('batch_too_large', { max: MAX_BATCH });
  const errors: FieldProblem[] = [];
  const moves = list.map((item, i): Move => {
    const at = `list[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push({ field: at, rule: 'type', params: { type: 'object' } });
      return { id: 0 };
    }
    const { id, parentId, orderNum, ...rest } = item as Row;
    for (const k of Object.keys(rest)) errors.push({ field: `${at}.${k}`, rule: 'unknown', params: {} });
    if (!positive(id)) errors.push({ field: `${at}.id`, rule: id === undefined ? 'required' : 'type', params: { type: 'integer' } });
    if (parentId !== undefined && parentId !== null && !positive(parentId)) {
      errors.push({ field: `${at}.parentId`, rule: 'type', params: { type: 'integer' } });
    }
    if (orderNum !== undefined && !(typeof orderNum === 'number' && Number.isSafeInteger(orderNum))) {
      errors.push({ field: `${at}.orderNum`, rule: 'type', params: { type: 'integer' } });
    }
    const m: Move = { id: id as number };
    if (parentId !== undefined) m.parentId = parentId as number | null;
    if (orderNum !== undefined) m.orderNum = orderNum as number;
    return m;
  });
  if (errors.length) throw fail.invalid(errors as never);
  const seen = new Set<number>();
  for (const m of moves) {
    if (seen.has(m.id)) throw fail.bad(SYSADMIN.department_order_duplicate, { id: m.id });
    seen.add(m.id);
  }
  return moves;
}

/** True when following parents up from `id` comes back to `id`. */
function loopsBack(parents: Map<number, number | null>, id: number): boolean {
  const seen = new Set<number>();
  for (let p = parents.get(id) ?? null; p !== null; p = parents.get(p) ?? null) {
    if (p === id) return true;
    if (seen.has(p)) return false; // an older loop elsewhere, not made by this move
    seen.add(p);
  }
  return false;
}

/** How far below the top `id` sits; a department in an older loop sorts last. */
function depthIn(parents: Map<number, number | null>, id: number): number {
  const seen = new Set<number>([id]);
  for (let p = parents.get(id) ?? null; p !== null; p = parents.get(p) ?? null) {
    if (seen.has(p)) return Number.MAX_SAFE_INTEGER;
    seen.add(p);
  }
  return seen.size;
}

export async function orderDepartments(core: Core, body: unknown, user: AuthUser | null): Promise<null> {
  const moves = readMoves(body);
  const departments = entity(core.model, 'base/sys/department');
  const parents = new Map((await departmentTree(core, departments)).map((r) => [r.id, r.parentId]));
  for (const m of moves) {
    if (!parents.has(m.id)) throw fail.notFound('record_not_found');
    if (m.parentId !== undefined && m.parentId !== null && !parents.has(m.parentId)) throw fail.bad(SYSADMIN.department_missing);
  }
  for (const m of moves) if (m.parentId !== undefined) parents.set(m.id, m.parentId);
  if (moves.some((m) => loopsBack(parents, m.id))) throw fail.bad(DEPARTMENT_MESSAGES.department_cycle);
  // Shallowest first in the new tree: then no step on the way puts a department under one of its
  // own descendants, which the entity's hook would refuse.
  const ordered = [...moves].sort((a, b) => depthIn(parents, a.id) - depthIn(parents, b.id));
  await core.ops.transaction(user, async (t) => {
    for (const m of ordered) {
      const change: Row = { id: m.id };
      if (m.parentId !== undefined) change.parentId = m.parentId;
      if (m.orderNum !== undefined) change.orderNum = m.orderNum;
      await t.update(departments, change);
    }
  });
  return null;
}

const MOVE = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, parentId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] }, orderNum: { type: 'integer' } },
  required: ['id'],
  additionalProperties: false,
};
const MOVES = { type: 'array', items: MOVE, minItems: 1, maxItems: MAX_BATCH };

export default defineRoutes((core) => [
  call(core, 'base', 'sys/department', 'order', {
    method: 'POST',
    summary: l('Reorder and re-parent departments', '部门排序与移动', '部門排序與移動'),
    // The body is `{list}` or the bare list (cool-admin's console sends that): the moves read it whole.
    input: {},
    body: { anyOf: [{ type: 'object', properties: { list: MOVES }, required: ['list'], additionalProperties: false }, MOVES] },
    // The object form takes `list` only (cool-admin's client, with COOL_COMPAT on, may send more).
    refine: (_input, req) =>
      req.body && typeof req.body === 'object' && !Array.isArray(req.body) && !coolCompat(core.config.env)
        ? Object.keys(req.body)
            .filter((k) => k !== 'list')
            .map((field): InvalidField => ({ field, rule: 'unknown', params: {} }))
        : [],
    effect: 'write',
    answer: { type: 'null' },
    handler: (req) => orderDepartments(core, req.body, req.user),
  }),
]);
