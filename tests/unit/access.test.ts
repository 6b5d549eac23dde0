/** Access rules of the declarations: default-deny, rule compilation to SQL, and who bypasses them. */
import { describe, expect, it } from 'vitest';
import { defineEntity, l, type AuthUser } from '../../server/core/entity/define';
import { normalize, normalizeEntity } from '../../server/core/entity/normalize';
import { ownRows, SYSTEM } from '../../server/core/entity/access';
import { and, eq, inRows, isIn, or } from '../../server/core/condition';
import { accessClause, assertMayCall, dropAdminOnly, trimForAnonymous, whereClause } from '../../server/core/crud/access-sql';
import { call } from '../../server/core/modules';
import type { Core } from '../../server/core/core';
import type { ApiRequest } from '../../server/core/http/route';
import { AppError } from '../../server/core/errors';
import type { Db } from '../../server/core/db/db';

const fields = {
  title: { type: 'string' as const, label: l('Title', '标题') },
  userId: { type: 'int' as const, label: l('Owner', '主') },
  groupId: { type: 'int' as const, label: l('Group', '组') },
  isOwner: { type: 'int' as const, label: l('Owner flag', '群主') },
};
/** The rules under test read nothing, so no database is needed. */
const at = { db: {} as Db };
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
      module: 'demo',
      name: 'row',
      table: 'demo_row',
      label: l('Row', '行'),
      fields,
      access: {
        read: ({ user }: { user: AuthUser | null }) =>
          user && or(eq('userId', user.id), inRows('groupId', 'demo/closed', 'groupId', and(eq('userId', user.id), isIn('isOwner', [1, 2])))),
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
    expect(await refused(() => accessClause(model, closed, member, 'read', at))).toBe(403);
    expect(await refused(() => accessClause(model, closed, null, 'read', at))).toBe(403);
    expect(await accessClause(model, closed, admin, 'read', at)).toBeNull();
    expect(await accessClause(model, closed, SYSTEM, 'delete', at)).toBeNull();
  });

  it('compiles a rule into parameterized SQL over quoted declared columns, with sub-selects of live rows', async () => {
    const c = (await accessClause(model, row, member, 'read', at))!;
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
    expect(await refused(() => accessClause(model, row, null, 'read', at))).toBe(403);
    expect(await refused(() => accessClause(model, row, null, 'update', at))).toBe(403);
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
    expect(() =>
      normalizeEntity(
        defineEntity({ module: 'demo', name: 'x', table: 'demo_x', label: l('X', 'X'), fields, actions: ['page'], access: { members: ['add'] } }),
      ),
    ).toThrow(/member action/);
  });

  it('refuses ownRows on an entity without an owner field, and visible fields that are not readable', () => {
    expect(() => normalizeEntity(defineEntity({ module: 'demo', name: 'x', table: 'demo_x', label: l('X', 'X'), fields, access: ownRows }))).toThrow(/owner/);
    expect(() =>
      normalizeEntity(defineEntity({ module: 'demo', name: 'x', table: 'demo_x', label: l('X', 'X'), fields, access: { visible: { anonymous: ['nope'] } } })),
    ).toThrow(/visible/);
  });

  it("checks a hand-written action's declared rule with the caller and payload before its handler", async () => {
    const m = normalize([
      defineEntity({
        module: 'demo',
        name: 'act',
        table: 'demo_act',
        label: l('Act', '动作'),
        fields,
        access: { actions: { join: ({ user, data }) => !!user && data?.key === 'right' } },
      }),
    ]);
    const e = m.byKey.get('demo/act')!;
    expect(await refused(() => assertMayCall(m, at.db, e, 'join', member, { key: 'wrong' }))).toBe(403);
    expect(await refused(() => assertMayCall(m, at.db, e, 'join', null, { key: 'right' }))).toBe(403);
    expect(await refused(() => assertMayCall(m, at.db, e, 'join', member, { key: 'right' }))).toBeNull();
    expect(await refused(() => assertMayCall(m, at.db, e, 'join', admin, {}))).toBeNull();
    // An action without a rule is left to its permission key.
    expect(await refused(() => assertMayCall(m, at.db, e, 'other', member, {}))).toBeNull();
    let ran = 0;
    const route = call({ model: m, db: at.db } as unknown as Core, 'demo', 'act', 'join', {
      method: 'POST',
      summary: l('Join', '加入'),
      handler: async () => ++ran,
    });
    const req = (body: object) => ({ user: member, body, query: {} }) as unknown as ApiRequest;
    expect(await refused(() => route.handler(req({ key: 'wrong' })))).toBe(403);
    expect(ran).toBe(0);
    await route.handler(req({ key: 'right' }));
    expect(ran).toBe(1);
  });
});
