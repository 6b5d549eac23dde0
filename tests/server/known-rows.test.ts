/**
 * Rows a module vouches for (OpMeta.known, server/core/crud/access-sql.ts existsIn): a create rule's
 * `exists` that asks exactly what the caller checked a moment before is answered without a read;
 * anything else is read as always. The chat's send path uses it for the sender's membership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { SYSTEM } from '../../server/core/entity/access';
import { and, eq, type Where } from '../../server/core/condition';
import { AppError } from '../../server/core/errors';
import type { AuthUser, Row } from '../../server/core/entity/define';
import type { Db } from '../../server/core/db/db';

const kinds = await databaseKinds();

describe.each(kinds)('rows a module vouches for, on %s', (kind) => {
  let t: TestApp;
  /** Statements run inside transactions since the last reset. */
  let seen: string[] = [];
  const entity = (key: string) => t.core.model.byKey.get(key)!;
  const member = (id: number): AuthUser => ({ id, username: `u${id}`, roleIds: [], departmentId: null, isAdmin: false });
  const tag = () => randomBytes(4).toString('hex');

  async function group(memberIds: number[]): Promise<number> {
    const { id } = (await t.core.ops.add(entity('base/group'), { name: `g ${tag()}` }, SYSTEM)) as { id: number };
    for (const userId of memberIds) await t.core.ops.add(entity('base/groupMember'), { groupId: id, userId }, SYSTEM);
    return id;
  }

  function send(user: AuthUser, groupId: number, known?: Array<{ entity: string; where: Where }>): Promise<number> {
    const row: Row = { toType: 1, toId: groupId, type: 0, content: 'hi', conversation: `g:${groupId}`, seq: Math.floor(Math.random() * 1e9), clientId: tag() };
    return t.core.ops.transaction(user, (tx) => tx.addOne(entity('base/message'), row, { trusted: true, known }));
  }

  const membershipReads = () => seen.filter((sql) => /FROM `base_group_member`/.test(sql)).length;

  beforeAll(async () => {
    t = await startApp(kind);
    const db = t.core.db;
    const transaction = db.transaction.bind(db);
    db.transaction = <T>(fn: (tx: Db) => Promise<T>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        const watched: Db = { ...tx, query: (sql: string, params?: unknown[]) => (seen.push(sql), query(sql, params)) } as Db;
        return fn(watched);
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the create rule from a vouched membership without reading it', async () => {
    const gid = await group([501]);
    seen = [];
    await send(member(501), gid);
    expect(membershipReads()).toBe(1);
    seen = [];
    const id = await send(member(501), gid, [{ entity: 'base/groupMember', where: and(eq('groupId', gid), eq('userId', 501)) }]);
    expect(membershipReads()).toBe(0);
    expect((await t.core.ops.info(entity('base/message'), id, SYSTEM)).fromId).toBe(501);
  });

  it('reads as always when the vouched row is not the one the rule asks for, and refuses a non-member', async () => {
    const mine = await group([502]);
    const other = await group([503]);
    seen = [];
    // Vouched for another group, another user, or another entity: none of them answers the rule.
    for (const known of [
      [{ entity: 'base/groupMember', where: and(eq('groupId', mine), eq('userId', 502)) }],
      [{ entity: 'base/groupMember', where: and(eq('groupId', other), eq('userId', 502)) }],
      [{ entity: 'base/group', where: eq('id', other) }],
    ]) {
      const err = await send(member(503 + 1000), other, known).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).kind).toBe('forbidden');
    }
    expect(membershipReads()).toBe(3);
  });
});
