/**
 * The notification bell's state and where a notification leads, free of React.
 *
 * Decisions the spec leaves open:
 * - The list holds the newest page (20) plus what arrives live, newest first, one entry per id;
 *   the unread count is the server's total of unread rows, moved by live arrivals and marks (the
 *   member's own, and the server's `notifyRead` notices).
 * - A mention leads to its row's `groupId`; rows without one (written before the server stored
 *   it) lead to the group conversation the client holds a message from `fromId` mentioning the
 *   member in, the one closest in time to the notification, else to the chats tab.
 * - Friend requests and acceptances lead to the friends tab; a team notice, being added to a group
 *   (or someone joining one's team) and a role change lead to that group's conversation when the row
 *   names it, else to the teams tab; a leave leads to the teams tab (the member may be out of the
 *   group); a system notice leads nowhere (it is only marked read).
 * - An order notice leads to the personal centre's orders tab with the order open: the buyer's
 *   purchases for a payment or refund, the seller's sales for a sale or a sale refunded (type 11;
 *   rows written before it tell the seller with 10, and open the purchases). Rows written before
 *   `orderNo` was stored name the order only in their title: its digits are taken from there.
 * - A live notice's toast closes once the notice is read, here or by the server (a request answered).
 */
import { chatPath, tabPath } from '../nav';
import { EARNINGS_PATH, orderPath } from '../orders-path';
import type { ChatMessage, Target } from '../../app/socket';

import { NOTIFY_TYPE } from '../notify-types';

export { NOTIFY_TYPE };

export interface NotifyRow {
  id: number;
  title?: string | null;
  content?: string | null;
  type?: number | null;
  fromId?: number | null;
  toId?: number | null;
  status?: number | null;
  createTime?: string | null;
  groupId?: number | null;
  /** The order an order notice is about (rows from before it was stored have none). */
  orderNo?: string | null;
}

export interface NotifyState {
  list: NotifyRow[];
  unread: number;
  /** Rows the server holds (for "load more"). */
  total: number;
}

export type NotifyAction =
  | { type: 'loaded'; list: NotifyRow[]; unread: number; total: number }
  | { type: 'more'; list: NotifyRow[] }
  | { type: 'arrived'; row: NotifyRow }
  | { type: 'read'; id: number }
  | { type: 'unread'; id: number }
  /** The server marked these unread rows read (a `notifyRead` notice: a request answered, maybe elsewhere). */
  | { type: 'readOnServer'; ids: readonly number[] }
  | { type: 'allRead' };

export const EMPTY_NOTIFY: NotifyState = { list: [], unread: 0, total: 0 };

const isUnread = (r: NotifyRow) => Number(r.status ?? 0) === 0;

function setStatus(s: NotifyState, id: number, status: 0 | 1): NotifyState {
  const row = s.list.find((r) => r.id === id);
  if (!row || isUnread(row) === (status === 0)) return s;
  return {
    ...s,
    list: s.list.map((r) => (r.id === id ? { ...r, status } : r)),
    unread: Math.max(0, s.unread + (status === 0 ? 1 : -1)),
  };
}

export function notifyReducer(s: NotifyState, a: NotifyAction): NotifyState {
  switch (a.type) {
    case 'loaded': {
      // A live row that came while the page loaded stays on top.
      const ids = new Set(a.list.map((r) => r.id));
      const newer = s.list.filter((r) => !ids.has(r.id) && r.id > (a.list[0]?.id ?? 0));
      return { list: [...newer, ...a.list], unread: a.unread + newer.filter(isUnread).length, total: a.total + newer.length };
    }
    case 'more': {
      const ids = new Set(s.list.map((r) => r.id));
      return { ...s, list: [...s.list, ...a.list.filter((r) => !ids.has(r.id))] };
    }
    case 'arrived': {
      if (s.list.some((r) => r.id === a.row.id)) return s;
      return { list: [a.row, ...s.list], unread: s.unread + (isUnread(a.row) ? 1 : 0), total: s.total + 1 };
    }
    case 'read':
      return setStatus(s, a.id, 1);
    case 'unread':
      return setStatus(s, a.id, 0);
    case 'readOnServer': {
      // Rows held are marked (unless marked here already); rows not held were unread too, and counted.
      let unread = s.unread;
      const ids = new Set(a.ids);
      const list = s.list.map((r) => {
        if (!ids.has(r.id)) return r;
        ids.delete(r.id);
        if (!isUnread(r)) return r;
        unread--;
        return { ...r, status: 1 };
      });
      return { ...s, list, unread: Math.max(0, unread - ids.size) };
    }
    case 'allRead':
      return { ...s, list: s.list.map((r) => (isUnread(r) ? { ...r, status: 1 } : r)), unread: 0 };
  }
}

/** A row as the realtime notice delivers it (`notice {kind: 'notify', data}`), or null when it is not one. */
export function notifyFromNotice(data: Record<string, unknown>, now: Date = new Date()): NotifyRow | null {
  const id = Number(data.id);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return {
    id,
    title: typeof data.title === 'string' ? data.title : null,
    content: typeof data.content === 'string' ? data.content : null,
    type: Number(data.type ?? 0),
    fromId: data.fromId == null ? null : Number(data.fromId),
    toId: data.toId == null ? null : Number(data.toId),
    status: Number(data.status ?? 0),
    createTime: typeof data.createTime === 'string' ? data.createTime : now.toISOString(),
    groupId: data.groupId == null ? null : Number(data.groupId),
    orderNo: typeof data.orderNo === 'string' && data.orderNo ? data.orderNo : null,
  };
}

/** The key of a live notice's toast. */
export const notifyToastKey = (id: number) => `notify-${id}`;

/** The ids a `notifyRead` notice marks read (anything else in it ignored). */
export function readNoticeIds(data: { ids?: unknown } | null | undefined): number[] {
  return Array.isArray(data?.ids) ? data.ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
}

/** The order a notice is about: its `orderNo`, else the order number its title named (older rows). */
function orderOf(row: NotifyRow): string | null {
  if (row.orderNo) return row.orderNo;
  return /\d{20,}/.exec(row.title ?? '')?.[0] ?? null;
}

/** A held conversation, as far as finding a mention needs it. */
export interface HeldConversation {
  target: Target;
  messages: readonly ChatMessage[];
}

const timeOf = (v: unknown): number => {
  const n = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(n) ? 0 : n;
};

/** The group conversation a mention notification is about, from the messages the client holds. */
export function mentionTarget(row: NotifyRow, me: number, held: readonly HeldConversation[]): Target | null {
  if (row.groupId) return { toType: 1, toId: Number(row.groupId) };
  const from = Number(row.fromId);
  if (!from) return null;
  const when = timeOf(row.createTime);
  let best: { target: Target; distance: number } | null = null;
  for (const c of held) {
    if (c.target.toType !== 1) continue;
    for (const m of c.messages) {
      if (Number(m.fromId) !== from || !Array.isArray(m.at) || !m.at.map(Number).includes(me)) continue;
      const distance = Math.abs(timeOf(m.createTime) - when);
      if (!best || distance < best.distance) best = { target: c.target, distance };
    }
  }
  return best?.target ?? null;
}

/** Where clicking a notification goes, or null when it leads nowhere. */
export function notifyDestination(row: NotifyRow, me: number, held: readonly HeldConversation[]): string | null {
  switch (Number(row.type ?? 0)) {
    case NOTIFY_TYPE.mention: {
      const target = mentionTarget(row, me, held);
      return target ? chatPath(target) : tabPath('chats');
    }
    case NOTIFY_TYPE.friendRequest:
    case NOTIFY_TYPE.friendAccepted:
      return tabPath('friends');
    case NOTIFY_TYPE.teamNotice:
    case NOTIFY_TYPE.groupJoin:
    case NOTIFY_TYPE.teamRole:
      return row.groupId ? chatPath({ toType: 1, toId: Number(row.groupId) }) : tabPath('teams');
    case NOTIFY_TYPE.groupLeave:
      return tabPath('teams');
    case NOTIFY_TYPE.orderPaid:
    case NOTIFY_TYPE.orderRefunded:
      return orderPath(orderOf(row), false);
    case NOTIFY_TYPE.goodsSold:
    case NOTIFY_TYPE.saleRefunded:
      return orderPath(orderOf(row), true);
    case NOTIFY_TYPE.payoutPaid:
    case NOTIFY_TYPE.payoutRejected:
      return EARNINGS_PATH;
    default:
      return null;
  }
}
