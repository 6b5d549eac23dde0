/**
 * Declared calls of the chat area (issue 36): base/message (add, messageList, read, conversations,
 * sendTeamNotice), base/friend (add, update, delete) and base/notify (add, readAll) say their input,
 * effect, answer and rule; a bad input is one 1002 naming every field, before any rule, with nothing
 * written; the rules moved out of the handlers (a team notice's owner or deputy, a friend row's two
 * people) refuse the callers they should and let the right ones through; the rule of who writes into
 * a group's conversation is the message's create rule, asked by the send path too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

const CALLS = [
  'message/add',
  'message/messageList',
  'message/read',
  'message/conversations',
  'message/sendTeamNotice',
  'friend/add',
  'friend/update',
  'friend/delete',
  'notify/add',
  'notify/readAll',
];

describe.each(kinds)('declared chat calls on %s', (kind) => {
  let t: TestApp;
  let owner: Person;
  let member: Person;
  let stranger: Person;
  let groupId = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await person(t, 'olga');
    member = await person(t, 'mats');
    stranger = await person(t, 'sten');
    groupId = (ok(await post(t, owner, '/admin/base/group/add', { name: 'Declared chat' })) as { id: number }).id;
    ok(await post(t, owner, '/admin/base/groupMember/add', { groupId, userId: member.id }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes every call of the area in /eps: input, effect, answer and rule', async () => {
    const res = await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken);
    const base = res.body.data.base as Array<{
      name: string;
      api: Array<{
        path: string;
        input?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
        answer?: unknown;
        effect?: string;
        access?: string;
      }>;
    }>;
    const area = base.filter((e) => ['message', 'friend', 'notify'].includes(e.name)).flatMap((e) => e.api.map((a) => ({ ...a, at: `${e.name}${a.path}` })));
    const byAt = new Map(area.map((a) => [a.at, a]));
    for (const at of CALLS) {
      const a = byAt.get(at);
      expect(a, at).toBeDefined();
      expect(a!.input, at).toBeTypeOf('object');
      expect(['read', 'write'], at).toContain(a!.effect);
      expect(a!.answer, at).toBeTruthy();
      expect(a!.access, at).toBeTruthy();
    }
    // The generic actions of these entities are described too (the AI module's calls on base/message are its own area's).
    for (const a of area.filter((x) => /\/(add|info|list|page|update|delete)$/.test(x.path))) {
      expect(a.input, a.at).toBeTypeOf('object');
      expect(['read', 'write'], a.at).toContain(a.effect);
    }
    expect(byAt.get('message/add')).toMatchObject({ effect: 'write', input: { required: ['toType', 'toId', 'content'] } });
    expect(byAt.get('message/messageList')).toMatchObject({ effect: 'read', access: 'anyone', input: { properties: { size: { maximum: 200 } } } });
    expect(byAt.get('message/conversations')).toMatchObject({ effect: 'read', input: { properties: {} } });
    expect(byAt.get('message/read')).toMatchObject({ effect: 'write', input: { required: ['toType', 'toId', 'seq'] } });
    expect(byAt.get('message/sendTeamNotice')!.access).toContain('the owner or a deputy of the group');
    expect(byAt.get('friend/update')!.access).toContain('one of the two people of the friend row');
    expect(byAt.get('friend/add')).toMatchObject({
      effect: 'write',
      input: { properties: { friendId: { type: 'integer', minimum: 1 } }, required: ['friendId'] },
    });
    expect(byAt.get('notify/add')).toMatchObject({ effect: 'write', access: 'the administrator' });
    expect(byAt.get('notify/readAll')).toMatchObject({ effect: 'write', input: { properties: {} } });
  });

  it('refuses a bad input with 1002 naming every field, before the rule, and writes nothing', async () => {
    const messages = await rows(t, 'base_message');
    const friends = await rows(t, 'base_friend');
    const fields = (res: { status: number; body: { code: number; data: Array<{ field: string }> } }) => {
      expect([res.status, res.body.code]).toEqual([400, 1002]);
      return res.body.data.map((e) => e.field).sort();
    };
    expect(fields(await post(t, member, '/admin/base/message/add', { toType: 3, toId: 'x', content: null, colour: 'red' }))).toEqual([
      'colour',
      'content',
      'toId',
      'toType',
    ]);
    expect(fields(await post(t, member, '/admin/base/message/add', { toType: 1, toId: groupId, type: 9, content: 'a fake notice' }))).toEqual(['type']);
    // A stranger's malformed notice is 1002 too: the input is read before the rule.
    expect(fields(await post(t, stranger, '/admin/base/message/sendTeamNotice', { groupId: 0, clientId: 7 }))).toEqual(['clientId', 'content', 'groupId']);
    expect(fields(await post(t, member, '/admin/base/message/read', { toType: 1, toId: groupId }))).toEqual(['seq']);
    expect(fields(await post(t, member, '/admin/base/message/messageList', { toType: 1, toId: groupId, size: 500, afterSeq: -1 }))).toEqual([
      'afterSeq',
      'size',
    ]);
    expect(fields(await post(t, member, '/admin/base/friend/add', { friendId: 'abc', remark: 5 }))).toEqual(['friendId', 'remark']);
    expect(fields(await post(t, member, '/admin/base/friend/update', { id: 1, status: 9, colour: 1 }))).toEqual(['colour', 'status']);
    expect(fields(await post(t, member, '/admin/base/notify/readAll', { all: true }))).toEqual(['all']);
    expect(
      fields(
        await post(t, t.adminToken, '/admin/base/notify/add', [
          { toId: 'x', title: 'hi' },
          { toId: member.id, title: 'hi', groupId: 'g' },
        ]),
      ),
    ).toEqual(['[0].toId', '[1].groupId']);
    expect(await rows(t, 'base_message')).toHaveLength(messages.length);
    expect(await rows(t, 'base_friend')).toHaveLength(friends.length);
  });

  it('sends into a group only as one of its members: the message create rule, asked by the send path', async () => {
    const refused = await post(t, stranger, '/admin/base/message/add', { toType: 1, toId: groupId, content: 'let me in' });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 1001, 'You are not a member of this group']);
    const sent = ok(await post(t, member, '/admin/base/message/add', { toType: 1, toId: groupId, content: 'hello', clientId: 'declared-1' })) as {
      id: number;
      fromId: number;
      seq: number;
    };
    expect(sent).toMatchObject({ fromId: member.id, conversation: `g:${groupId}` });
    expect((await post(t, stranger, '/admin/base/message/read', { toType: 1, toId: groupId, seq: sent.seq })).status).toBe(403);
    expect(ok(await post(t, member, '/admin/base/message/read', { toType: 1, toId: groupId, seq: sent.seq }))).toEqual({
      toType: 1,
      toId: groupId,
      seq: sent.seq,
    });
    expect((await post(t, stranger, '/admin/base/message/messageList', { toType: 1, toId: groupId })).status).toBe(403);
    expect((ok(await post(t, member, '/admin/base/message/messageList', { toType: 1, toId: groupId })) as { list: unknown[] }).list).toHaveLength(1);
  });

  it("checks a team notice's rule: the owner (and the administrator) through, a member and a stranger refused, a missing group 404", async () => {
    for (const who of [member, stranger]) {
      const res = await post(t, who, '/admin/base/message/sendTeamNotice', { groupId, content: 'not mine to say' });
      expect([res.status, res.body.code]).toEqual([403, 1001]);
    }
    expect(await rows(t, 'base_message', '`type` = 9')).toEqual([]);
    expect(ok(await post(t, owner, '/admin/base/message/sendTeamNotice', { groupId, content: 'meeting at 3' }))).toMatchObject({ type: 9, fromId: owner.id });
    expect((await post(t, owner, '/admin/base/message/sendTeamNotice', { groupId: 99999999, content: 'nowhere' })).status).toBe(404);
  });

  it("checks a friend row's rule: its two people through, anyone else refused, a missing row 404", async () => {
    const { id } = ok(await post(t, owner, '/admin/base/friend/add', { friendId: member.id })) as { id: number };
    const refused = await post(t, stranger, '/admin/base/friend/update', { id, status: 1 });
    expect([refused.status, refused.body.code]).toEqual([403, 1001]);
    expect((await post(t, stranger, '/admin/base/friend/update', { id, remark: 'mine now' })).status).toBe(403);
    expect(ok(await post(t, owner, '/admin/base/friend/update', { id, remark: 'colleague' }))).toBeNull();
    expect(ok(await post(t, member, '/admin/base/friend/update', { id, status: 1 }))).toBeNull();
    expect(ok(await post(t, t.adminToken, '/admin/base/friend/update', { id, remark: 'by the console' }))).toBeNull();
    expect((await rows(t, 'base_friend', '`id` = ?', [id]))[0]).toMatchObject({ status: 1, remark: 'by the console' });
    expect((await post(t, stranger, '/admin/base/friend/update', { id: 99999999, status: 1 })).status).toBe(404);
  });
});
