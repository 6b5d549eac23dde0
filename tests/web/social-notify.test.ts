import { describe, expect, it } from 'vitest';
import {
  EMPTY_NOTIFY,
  mentionTarget,
  notifyDestination,
  notifyFromNotice,
  notifyReducer,
  notifyToastKey,
  readNoticeIds,
  type HeldConversation,
  type NotifyRow,
  type NotifyState,
} from '../../web/src/workspace/social/notify-model';
import type { ChatMessage } from '../../web/src/app/socket';

const row = (id: number, status = 0, type = 0): NotifyRow => ({ id, status, type, title: `n${id}` });

describe('notification state', () => {
  const loaded: NotifyState = notifyReducer(EMPTY_NOTIFY, { type: 'loaded', list: [row(5), row(4, 1), row(3)], unread: 7, total: 30 });

  it('takes the unread total from the server, not from the page', () => {
    expect(loaded.unread).toBe(7);
    expect(loaded.list.map((r) => r.id)).toEqual([5, 4, 3]);
  });

  it('puts a live one on top, counts it, and ignores it arriving twice', () => {
    const a = notifyReducer(loaded, { type: 'arrived', row: row(6) });
    expect(a.list[0].id).toBe(6);
    expect(a.unread).toBe(8);
    expect(a.total).toBe(31);
    expect(notifyReducer(a, { type: 'arrived', row: row(6) })).toBe(a);
  });

  it('marks one read once, and back when the server refused', () => {
    const r = notifyReducer(loaded, { type: 'read', id: 5 });
    expect(r.unread).toBe(6);
    expect(r.list[0].status).toBe(1);
    expect(notifyReducer(r, { type: 'read', id: 5 })).toBe(r);
    expect(notifyReducer(r, { type: 'read', id: 4 }).unread).toBe(6);
    expect(notifyReducer(r, { type: 'unread', id: 5 }).unread).toBe(7);
  });

  it('follows the reads the server made: held rows marked, rows not held counted, rows read here already left alone', () => {
    const mine = notifyReducer(loaded, { type: 'read', id: 3 });
    const r = notifyReducer(mine, { type: 'readOnServer', ids: [5, 4, 3, 99] });
    expect(r.list.map((n) => n.status)).toEqual([1, 1, 1]);
    // 7 unread: 3 read here (6), then 5 and 99 on the server; 4 was read already.
    expect(r.unread).toBe(4);
    expect(notifyReducer(EMPTY_NOTIFY, { type: 'readOnServer', ids: [1, 2] }).unread).toBe(0);
  });

  it('marks all read', () => {
    const r = notifyReducer(loaded, { type: 'allRead' });
    expect(r.unread).toBe(0);
    expect(r.list.every((n) => n.status === 1)).toBe(true);
  });

  it('keeps a live one that came while the first page loaded', () => {
    const live = notifyReducer(EMPTY_NOTIFY, { type: 'arrived', row: row(9) });
    const r = notifyReducer(live, { type: 'loaded', list: [row(8), row(7, 1)], unread: 1, total: 2 });
    expect(r.list.map((n) => n.id)).toEqual([9, 8, 7]);
    expect(r.unread).toBe(2);
    const same = notifyReducer(live, { type: 'loaded', list: [row(9), row(8)], unread: 2, total: 2 });
    expect(same.list.map((n) => n.id)).toEqual([9, 8]);
    expect(same.unread).toBe(2);
  });

  it('appends the next page without repeats', () => {
    const r = notifyReducer(loaded, { type: 'more', list: [row(3), row(2)] });
    expect(r.list.map((n) => n.id)).toEqual([5, 4, 3, 2]);
  });
});

describe('a notice as a row', () => {
  it('reads the delivered row and stamps a time when it has none', () => {
    const now = new Date('2026-01-02T03:04:05Z');
    expect(notifyFromNotice({ id: 3, title: 'Hi', content: null, type: 2, fromId: 8, toId: 2, status: 0 }, now)).toEqual({
      id: 3,
      title: 'Hi',
      content: null,
      type: 2,
      fromId: 8,
      toId: 2,
      status: 0,
      createTime: '2026-01-02T03:04:05.000Z',
      groupId: null,
      orderNo: null,
    });
  });
  it('refuses something without an id', () => {
    expect(notifyFromNotice({ title: 'x' })).toBeNull();
  });
});

const msg = (toId: number, fromId: number, at: number[], createTime: string, seq = 1): ChatMessage => ({
  id: seq,
  toType: 1,
  toId,
  fromId,
  at,
  createTime,
  content: 'x',
  conversation: `1:${toId}`,
  seq,
});

describe('where a notification leads', () => {
  const held: HeldConversation[] = [
    { target: { toType: 0, toId: 8 }, messages: [{ ...msg(2, 8, [2], '2026-01-01T10:00:00Z'), toType: 0 }] },
    { target: { toType: 1, toId: 7 }, messages: [msg(7, 8, [2], '2026-01-01T09:00:00Z')] },
    { target: { toType: 1, toId: 9 }, messages: [msg(9, 8, [2], '2026-01-01T10:00:01Z'), msg(9, 8, [5], '2026-01-01T10:00:00Z', 2)] },
  ];
  const mention: NotifyRow = { id: 1, type: 1, fromId: 8, createTime: '2026-01-01T10:00:00Z' };

  it('takes a mention to the group whose message from that sender mentions me, closest in time', () => {
    expect(mentionTarget(mention, 2, held)).toEqual({ toType: 1, toId: 9 });
    expect(notifyDestination(mention, 2, held)).toBe('/workbench?tab=chats&to=1-9');
  });

  it('prefers a group the row names, and falls back to the chats tab', () => {
    expect(notifyDestination({ ...mention, groupId: 4 }, 2, held)).toBe('/workbench?tab=chats&to=1-4');
    expect(notifyDestination({ ...mention, fromId: 99 }, 2, held)).toBe('/workbench?tab=chats');
  });

  it('sends friend notices to friends, team ones to teams, system ones nowhere', () => {
    expect(notifyDestination({ id: 1, type: 2 }, 2, [])).toBe('/workbench?tab=friends');
    expect(notifyDestination({ id: 1, type: 3 }, 2, [])).toBe('/workbench?tab=friends');
    for (const type of [4, 5, 6, 7]) expect(notifyDestination({ id: 1, type }, 2, [])).toBe('/workbench?tab=teams');
    expect(notifyDestination({ id: 1, type: 0 }, 2, [])).toBeNull();
  });

  it("opens the group's conversation for being added to it, a team notice or a role change in it", () => {
    for (const type of [4, 5, 7]) expect(notifyDestination({ id: 1, type, groupId: 12 }, 2, [])).toBe('/workbench?tab=chats&to=1-12');
  });

  it("sends a payout's notice, paid or rejected, to the earnings tab", () => {
    for (const type of [12, 13]) expect(notifyDestination({ id: 1, type }, 2, [])).toBe('/my/info?tab=earnings');
  });

  it('sends a leave to the teams tab, since the member may no longer be in the group', () => {
    expect(notifyDestination({ id: 1, type: 6, groupId: 12 }, 2, [])).toBe('/workbench?tab=teams');
  });

  it("opens an order notice's order: the buyer's purchases for a payment or refund, the seller's sales for a sale or a sale refunded", () => {
    const no = '20261206084150681337816123';
    expect(notifyDestination({ id: 1, type: 8, orderNo: no }, 2, [])).toBe(`/my/info?tab=orders&order=${no}`);
    expect(notifyDestination({ id: 1, type: 10, orderNo: no }, 2, [])).toBe(`/my/info?tab=orders&order=${no}`);
    expect(notifyDestination({ id: 1, type: 9, orderNo: no }, 2, [])).toBe(`/my/info?tab=orders&side=sold&order=${no}`);
    expect(notifyDestination({ id: 1, type: 11, orderNo: no }, 2, [])).toBe(`/my/info?tab=orders&side=sold&order=${no}`);
  });

  it('opens the order an older order notice names only in its title, else the list', () => {
    const no = '20261206084150681337816123';
    expect(notifyDestination({ id: 1, type: 9, title: `Sold: Workflow x (order ${no})` }, 2, [])).toBe(`/my/info?tab=orders&side=sold&order=${no}`);
    expect(notifyDestination({ id: 1, type: 8, title: 'Payment received: VIP' }, 2, [])).toBe('/my/info?tab=orders');
  });
});

describe('live notices', () => {
  it('keeps the order a live order notice names', () => {
    expect(notifyFromNotice({ id: 3, type: 9, title: 'Sold: x', orderNo: '123' })?.orderNo).toBe('123');
    expect(notifyFromNotice({ id: 3, type: 2, title: 'x' })?.orderNo).toBeNull();
  });

  it('closes the toasts of the notices a notifyRead names, and only those', () => {
    expect(readNoticeIds({ ids: [3, '4', -1, 'x'], type: 2 } as { ids: unknown }).map(notifyToastKey)).toEqual(['notify-3', 'notify-4']);
    expect(readNoticeIds({})).toEqual([]);
    expect(readNoticeIds(null)).toEqual([]);
  });
});
