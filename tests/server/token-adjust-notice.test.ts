/**
 * A member given (or charged) tokens by an administrator hears of it (issue 35's journeys walk: Hal's
 * open balance did not move and nothing told him): one notification in the member's language, live
 * on their socket, naming the amount with the administrator's remark as its text; a replayed request
 * notifies nobody again. The member's ledger shows no "#1" for an entry without a remark: who made
 * it is the entry's relateId.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, waitNotice, type Client } from '../helpers/sockets';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('token adjustments tell the member on %s', (kind) => {
  let t: TestApp;
  let hal: Person, ann: Person;
  const open: Client[] = [];
  const adjust = (body: Record<string, unknown>) => post(t, t.adminToken, '/admin/base/tokenLog/adjust', body);
  const notices = (toId: number) => rows(t, 'base_notify', '`toId` = ?', [toId]);

  beforeAll(async () => {
    t = await startApp(kind);
    hal = await person(t, 'hal', { language: 'zh-cn' });
    ann = await person(t, 'ann');
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it('notifies the member once, live and in their language, with the remark', async () => {
    const socket = await connect(hal.token);
    open.push(socket);
    const body = { userId: hal.id, amount: 50, remark: 'Thanks for the night reports', clientKey: 'give-hal-0001' };
    ok(await adjust(body));
    const live = await waitNotice(socket, 'notify', (d) => d.toId === hal.id);
    expect(live.data).toMatchObject({ type: 0, title: '管理员给了你 50 代币', content: 'Thanks for the night reports' });
    expect(ok(await adjust(body)).replayed).toBe(true);
    expect(await notices(hal.id)).toHaveLength(1);
  });

  it('says what was taken, and writes no "#id" remark when none was given', async () => {
    const r = ok(await adjust({ userId: hal.id, amount: -12.5, clientKey: 'take-hal-0001' }));
    const [entry] = await rows(t, 'base_token_log', '`id` = ?', [r.logId]);
    expect(entry.remark ?? null).toBeNull();
    const list = ok(await post(t, hal, '/admin/base/tokenLog/page', { page: 1, size: 20 })).list as Array<{ remark: string | null }>;
    expect(list.map((e) => e.remark ?? '').join(' ')).not.toMatch(/#\d/);
    const taken = (await notices(hal.id)).find((n) => n.title === '管理员从你的余额中扣除了 12.5 代币');
    expect(taken).toBeTruthy();
    expect(taken!.content ?? null).toBeNull();
  });

  it('writes an English notification for a member without a language', async () => {
    ok(await adjust({ userId: ann.id, amount: 3, clientKey: 'give-ann-0001' }));
    expect((await notices(ann.id)).map((n) => n.title)).toEqual(['An administrator gave you 3 tokens']);
  });
});
