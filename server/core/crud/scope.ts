/**
 * The data-permission clause of an entity for a caller: rows owned by users of the caller's scope
 * departments (or by the caller), or rows of those departments. Entities with neither an owner nor a
 * `departmentId` field are not narrowed; administrators and system calls see every row.
 */
import type { AuthUser } from '../entity/define';
import type { Entity } from '../entity/model';
import { loadedModel } from '../entity/load';
import { quoteIdent as q } from '../db/db';
import type { Clause } from './query';
import { fail } from '../errors';
import { OPAQUE, type RowTest } from './total-match';

export function scopeClause(e: Entity, user: AuthUser | null, alias = ''): Clause | null {
  if (!user || user.scope === null || user.scope === undefined) return null;
  const dept = e.byName.get('departmentId');
  const hasDept = !!dept && !dept.virtual;
  if (!e.owner && !hasDept) return null;
  const col = (name: string) => `${alias ? alias + '.' : ''}${q(name)}`;
  const marks = user.scope.map(() => '?').join(', ');
  const parts: string[] = [];
  const params: unknown[] = [];
  const tests: RowTest[] = [];
  if (e.owner) {
    parts.push(`${col(e.owner)} = ?`);
    params.push(user.id);
    tests.push({ field: e.owner, eq: user.id });
    if (user.scope.length) {
      const users = loadedModel().system('users').table;
      parts.push(`${col(e.owner)} IN (SELECT ${q('id')} FROM ${q(users)} WHERE ${q('departmentId')} IN (${marks}))`);
      params.push(...user.scope);
      tests.push(OPAQUE);
    }
  }
  if (hasDept) {
    if (user.scope.length) {
      parts.push(`${col('departmentId')} IN (${marks})`);
      params.push(...user.scope);
      tests.push({ field: 'departmentId', in: user.scope });
    }
    if (e.system === 'users') {
      parts.push(`${col('id')} = ?`);
      params.push(user.id);
      tests.push({ field: 'id', eq: user.id });
    }
  }
  if (!parts.length) return { sql: '1 = 0', params: [], test: { or: [] } };
  return { sql: `(${parts.join(' OR ')})`, params, test: { or: tests } };
}

export function scopeKey(user: AuthUser | null): string {
  return !user || user.scope === null || user.scope === undefined ? '*' : `${user.id}:${user.scope.join(',')}`;
}

/** Refuses (403) a write that would put a row into a department outside the caller's scope. */
export function assertDepartmentInScope(e: Entity, user: AuthUser | null, data: Record<string, unknown>): void {
  if (!user || user.scope === null || user.scope === undefined) return;
  const dept = e.byName.get('departmentId');
  if (!dept || dept.virtual || data.departmentId === undefined || data.departmentId === null) return;
  if (!user.scope.includes(Number(data.departmentId))) throw fail.forbidden('no_permission');
}
