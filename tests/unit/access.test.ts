/** Access rules of the declarations: default-deny, rule compilation to SQL, and who bypasses them. */
import { describe, expect, it } from 'vitest';
import { defineEntity, l, type AuthUser } from '../../server/core/entity/define';
import { normalize, normalizeEntity } from '../../server/core/entity/normalize';
import { and, eq, inRows, isIn, or, ownRows, SYSTEM } from '../../server/core/entity/access';
import { accessClause, dropAdminOnly, trimForAnonymous, whereClause } from '../../server/core/crud/access-sql';
import { AppError } from '../../server/core/http/errors';

const fields = {
  title: { type: 'string' as const, label: l('Title', '标题') },
  userId: { type: 'int' as const, label: l('Owner', '主') },
  groupId: { type: 'int' as const, label: l('Group', '组') },
  isOwner: { type: 'int' as const, label: l('Owner flag', '群主') },
};
const member: AuthUser = { id: 7, username: 'm', roleIds: [2], departmentId: null, isAdmin: false, scope: [] };
const admin: AuthUser = { id: 1, username: 'admin', roleIds: [1], departmentId: null, isAdmin: true, scope: null };

async function refused(fn: () => Promise<unknown>): Promise<number | null> {
  try {
    await fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? (e.kind === 'forbidden' ? 403 : -1) : -2;
  }
}

describe('access rules', () => {
  const model = normalize([
    defineEntity({ module: 'demo', name: 'closed', table: 'demo_closed', label: l('Closed', '关'), fields }),
    defineEntity({
      module: 'demo', name: 'row', table: 'demo_row', label: l('Row', '行'), fields,
      access: {
        read: ({ user }: { user: AuthUser | null }) => user && or(eq('userId', user.id), inRows('groupId', 'demo/closed', 'groupId', and(eq('userId', user.id), isIn('isOwner', [1, 2])))),
        update: ({ user }) => user && eq('userId', user.id),
        delete: ({ user }) => user && eq('userId', user.id),
        members: ['list', 'page'],
        adminOnly: ['isOwner'],
        visible: { anonymous: ['id', 'title'] },
      },
    }),
  ]);
  const closed = model.byKey.get('demo/closed')!;
  const row = model.byKey.get('demo/row')!;

  it('closes an entity without an access declaration to everyone but administrators', async () => {
    expect(closed.access.declared).toBe(false);
    expect(await refused(() => accessClause(model, closed, member, 'read'))).toBe(403);
    expect(await refused(() => accessClause(model, closed, null, 'read'))).toBe(403);
    expect(await accessClause(model, closed, admin, 'read')).toBeNull();
    expect(await accessClause(model, closed, SYSTEM, 'delete')).toBeNull();
  });

  it('compiles a rule into parameterized SQL over quoted declared columns, with sub-selects of live rows', async () => {
    const c = (await accessClause(model, row, member, 'read'))!;
    expect(c.sql).toBe('(`userId` = ? OR `groupId` IN (SELECT `groupId` FROM `demo_closed` WHERE (`userId` = ? AND `isOwner` IN (?, ?))))');
    expect(c.params).toEqual([7, 7, 1, 2]);
    expect(whereClause(model, row, or()).sql).toBe('1 = 0');
    expect(whereClause(model, row, isIn('id', [])).sql).toBe('1 = 0');
    expect(whereClause(model, row, eq('userId', null)).sql).toBe('`userId` IS NULL');
  });

  it('refuses a rule that names a column the entity does not have', () => {
    expect(() => whereClause(model, row, eq('nope; DROP TABLE x', 1))).toThrow(/not a column/);
    expect(() => whereClause(model, row, inRows('groupId', 'demo/missing', 'id', eq('id', 1)))).toThrow(/unknown entity/);
  });

  it('refuses a rule that answers no, for anonymous callers too', async () => {
    expect(await refused(() => accessClause(model, row, null, 'read'))).toBe(403);
    expect(await refused(() => accessClause(model, row, null, 'update'))).toBe(403);
  });

  it('drops admin-only fields from a member payload and trims rows for anonymous callers', () => {
    const data: Record<string, unknown> = { title: 't', isOwner: 1 };
    dropAdminOnly(row, member, data);
    expect(data).toEqual({ title: 't' });
    const kept: Record<string, unknown> = { isOwner: 1 };
    dropAdminOnly(row, admin, kept);
    expect(kept).toEqual({ isOwner: 1 });
    const rows = [{ id: 1, title: 't', userId: 7, groupId: 3 }];
    trimForAnonymous(row, null, rows);
    expect(rows).toEqual([{ id: 1, title: 't' }]);
  });

  it('gives the member role the declared actions only, and refuses an action the entity does not expose', () => {
    expect(row.access.members).toEqual(['list', 'page']);
    expect(closed.access.members).toEqual([]);
    expect(() => normalizeEntity(defineEntity({ module: 'demo', name: 'x', table: 'demo_x', label: l('X', 'X'), fields, actions: ['page'], access: { members: ['add'] } }))).toThrow(/member action/);
  });

  it('refuses ownRows on an entity without an owner field, and visible fields that are not readable', () => {
    expect(() => normalizeEntity(defineEntity({ module: 'demo', name: 'x', table: 'demo_x', label: l('X', 'X'), fields, access: ownRows }))).toThrow(/owner/);
    expect(() => normalizeEntity(defineEntity({ module: 'demo', name: 'x', table: 'demo_x', label: l('X', 'X'), fields, access: { visible: { anonymous: ['nope'] } } }))).toThrow(/visible/);
  });
});
