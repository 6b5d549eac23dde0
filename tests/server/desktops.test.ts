/**
 * Desktops (issue 15) on every database: the virtual default desktop 999 derived from the member's
 * groups, putting groups on desktops, ordering desktops, and no real desktop ever at id 999.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

interface Desk {
  id: number;
  name: string;
  member: number[];
  sort: number;
}

describe.each(kinds)('desktops on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let b: Person;
  const group = async (who: Person, name: string) => ok(await post(t, who, '/admin/base/group/add', { name })).id as number;
  const desk = async (who: Person, body: object) => ok(await post(t, who, '/admin/base/desktop/add', body)).id as number;
  const list = async (who: Person) => ok(await post(t, who, '/admin/base/desktop/list', {})) as Desk[];
  const toDesk = (who: Person, groupId: number, desktopId: number) => post(t, who, '/admin/base/groupMember/groupToDesktop', { groupId, desktopId });
  const stored = async (id: number) => JSON.parse((await rows(t, 'base_desktop', '`id` = ?', [id]))[0].member ?? 'null');

  beforeAll(async () => {
    t = await startApp(kind);
    a = await person(t, 'ada');
    b = await person(t, 'bo');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the default desktop first with the member's groups that no other desktop holds", async () => {
    const g1 = await group(a, 'One');
    const g2 = await group(a, 'Two');
    const g3 = await group(b, 'Three');
    ok(await post(t, b, '/admin/base/groupMember/add', { groupId: g3, userId: a.id }));
    expect(await list(a)).toEqual([{ id: 999, name: 'Default', remark: null, avatar: null, sort: -1, userId: a.id, member: [g1, g2, g3] }]);
    const work = await desk(a, { name: 'Work', member: [g2], sort: 2 });
    const play = await desk(a, { name: 'Play', member: [g3, 424242], sort: 1 });
    const shown = await list(a);
    expect(shown.map((d) => [d.id, d.member])).toEqual([
      [999, [g1]],
      [play, [g3]],
      [work, [g2]],
    ]);
    // B sees none of A's desktops, and their own default desktop.
    expect((await list(b)).map((d) => d.id)).toEqual([999]);
    expect((await list(b))[0].member).toEqual([g3]);
  });

  it('puts a group on one desktop and takes it off the others, or back to the default one', async () => {
    const g = await group(a, 'Mover');
    const left = await desk(a, { name: 'Left', member: [g] });
    const right = await desk(a, { name: 'Right', member: [] });
    expect(ok(await toDesk(a, g, right))).toEqual({ groupId: g, desktopId: right });
    expect(await stored(left)).toEqual([]);
    expect(await stored(right)).toEqual([g]);
    ok(await toDesk(a, g, right));
    expect(await stored(right)).toEqual([g]);
    ok(await toDesk(a, g, 999));
    expect(await stored(right)).toEqual([]);
    expect((await list(a))[0].member).toContain(g);
  });

  it('refuses a group the caller is not in and a desktop that is not theirs, writing nothing', async () => {
    const g = await group(a, 'Guarded');
    const mine = await desk(a, { name: 'Mine', member: [] });
    const theirs = await desk(b, { name: 'Theirs', member: [] });
    expect((await toDesk(b, g, theirs)).status).toBe(403);
    expect((await toDesk(a, g, theirs)).status).toBe(404);
    expect((await toDesk(a, g, 99999999)).status).toBe(404);
    expect((await toDesk(a, 99999999, mine)).status).toBe(403);
    expect((await post(t, a, '/admin/base/groupMember/groupToDesktop', { groupId: 'x', desktopId: mine })).body.code).toBe(1002);
    expect(await stored(theirs)).toEqual([]);
    expect(await stored(mine)).toEqual([]);
  });

  it("orders the caller's desktops by the ids sent, all or nothing", async () => {
    const x = await desk(a, { name: 'X', sort: 0 });
    const y = await desk(a, { name: 'Y', sort: 0 });
    const z = await desk(a, { name: 'Z', sort: 0 });
    const other = await desk(b, { name: 'Other', sort: 7 });
    ok(await post(t, a, '/admin/base/desktop/updateSortByIds', { ids: [999, z, x, y] }));
    const sorts = Object.fromEntries((await rows(t, 'base_desktop', '`id` IN (?, ?, ?)', [x, y, z])).map((r) => [r.id, r.sort]));
    expect(sorts).toEqual({ [z]: 1, [x]: 2, [y]: 3 });
    const refused = await post(t, a, '/admin/base/desktop/updateSortByIds', { ids: [x, other, 88888888] });
    expect(refused.status).toBe(404);
    expect(refused.body.data).toEqual({ missing: [other, 88888888] });
    expect(refused.body.message).toBe(`Records not found: ${other}, 88888888; nothing was changed`);
    expect((await rows(t, 'base_desktop', '`id` = ?', [x]))[0].sort).toBe(2);
    expect((await rows(t, 'base_desktop', '`id` = ?', [other]))[0].sort).toBe(7);
    expect((await post(t, a, '/admin/base/desktop/updateSortByIds', { ids: [x, x] })).body.code).toBe(1002);
    const order = (await list(a)).map((d) => d.id);
    expect(order.indexOf(z)).toBeLessThan(order.indexOf(x));
    expect(order.indexOf(x)).toBeLessThan(order.indexOf(y));
  });

  it('drops a group the member left from what their desktops show', async () => {
    const g = await group(b, 'Short stay');
    const row = ok(await post(t, b, '/admin/base/groupMember/add', { groupId: g, userId: a.id })).id;
    const d = await desk(a, { name: 'Stay', member: [] });
    ok(await toDesk(a, g, d));
    ok(await post(t, a, '/admin/base/groupMember/delete', { ids: [row] }));
    const shown = await list(a);
    expect(shown.find((x) => x.id === d)!.member).toEqual([]);
    expect(shown[0].member).not.toContain(g);
  });

  it('never leaves a real desktop at id 999', async () => {
    // The next two ids are 998 and 999.
    if (kind === 'sqlite') await t.core.db.run("UPDATE `sqlite_sequence` SET `seq` = 997 WHERE `name` = 'base_desktop'");
    else await t.core.db.run('ALTER TABLE `base_desktop` AUTO_INCREMENT = 998');
    const ids = ok(await post(t, a, '/admin/base/desktop/add', [{ name: 'Batch 1' }, { name: 'Batch 2' }])).ids as number[];
    expect(ids[0]).toBe(998);
    expect(ids[1]).toBeGreaterThan(999);
    expect((await rows(t, 'base_desktop', '`id` = ?', [ids[1]]))[0]).toMatchObject({ name: 'Batch 2', userId: a.id });
    expect(await rows(t, 'base_desktop', '`id` = 999')).toEqual([]);
    expect(await desk(a, { name: 'Next' })).toBeGreaterThan(ids[1]);
    expect((await list(a)).filter((x) => x.id === 999)).toHaveLength(1);
  });
});
