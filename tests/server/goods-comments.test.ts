/**
 * Comments on goods are keyed by the goods id (issue 35): a member's listing needs no workflow for its
 * comments, and the seller's isCommentAllowed decides whether members may comment. Comments keyed by
 * workflowId alone (the spec's field) stay readable by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('comments on goods on %s', (kind) => {
  let t: TestApp;
  let seller: Person;
  let fan: Person;
  let reader: Person;
  let seq = 0;

  const goods = async (extra: Record<string, unknown> = {}): Promise<number> =>
    ok(await post(t, seller, '/admin/goods/info/add', { title: `Commented ${kind} ${++seq}`, status: 1, isDisplay: 1, price: 1, ...extra })).id;
  const comment = (who: Person, body: Record<string, unknown>) => post(t, who, '/admin/base/comment/add', { content: 'nice goods', ...body });
  const seenBy = async (who: Person, goodsId: number) => ok(await post(t, who, '/admin/base/comment/page', { goodsId })).list.map((c: { id: number }) => c.id);

  beforeAll(async () => {
    t = await startApp(kind);
    seller = await person(t, 'cara');
    fan = await person(t, 'cody');
    reader = await person(t, 'cleo');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a comment on a goods that sells no workflow, keyed by its id, and shows it to other members by goodsId', async () => {
    const open = await goods({ isCommentAllowed: 1 });
    const other = await goods({ isCommentAllowed: 1 });
    const { id } = ok(await comment(fan, { goodsId: open }));
    expect((await rows(t, 'base_comment', '`id` = ?', [id]))[0]).toMatchObject({ goodsId: open, userId: fan.id, status: 1 });
    expect(await seenBy(reader, open)).toEqual([id]);
    expect(await seenBy(reader, other)).toEqual([]);
    const info = await t.http().get(`/admin/base/comment/info?id=${id}`).set('Authorization', reader.token);
    expect(ok(info as never)).toMatchObject({ goodsId: open, content: 'nice goods' });
  });

  it("refuses a member's comment on a goods whose seller refused or never allowed comments, writing nothing", async () => {
    expect((await comment(fan, { goodsId: await goods({ isCommentAllowed: 1, isDisplay: 0 }) })).status).toBe(404);
    const refused = await goods({ isCommentAllowed: 0 });
    const unset = await goods();
    for (const goodsId of [refused, unset]) {
      const answer = await comment(fan, { goodsId });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe(1001);
      expect(await rows(t, 'base_comment', '`goodsId` = ?', [goodsId])).toEqual([]);
    }
    // The seller turns comments on later: members may comment from then on.
    ok(await post(t, seller, '/admin/goods/info/update', { id: unset, isCommentAllowed: 1 }));
    ok(await comment(fan, { goodsId: unset }));
  });

  it('refuses a comment on nothing (neither goodsId nor workflowId) with 1002', async () => {
    const answer = await comment(fan, {});
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(1002);
    expect(answer.body.data).toMatchObject([{ field: 'goodsId', rule: 'required' }]);
  });

  it('keeps comments keyed by workflowId alone readable by workflowId', async () => {
    const workflowId = 700_000 + seq;
    // A workflow-keyed comment needs a goods on sale selling that workflow (no goods: 404).
    expect((await comment(fan, { workflowId })).status).toBe(404);
    await goods({ workflowId, isCommentAllowed: 1 });
    const { id } = ok(await comment(fan, { workflowId }));
    expect(ok(await post(t, reader, '/admin/base/comment/page', { workflowId })).list).toMatchObject([{ id, workflowId, goodsId: null }]);
  });
});
