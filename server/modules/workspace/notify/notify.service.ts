/**
 * Notifications (base/notify) that the product writes on its own: mentions, friend requests, team
 * notices, joins. A notification is a row for its receiver (`toId`), written in the caller's
 * transaction as the system (members cannot add notify rows themselves), and delivered as
 * `notice { kind: 'notify', data: row }` to the receiver's sockets after the commit.
 *
 * Read state: `status` 0 unread, 1 read (the receiver marks it through `notify/update`; the product
 * marks it when the thing it asks about is settled, such as a friend request answered).
 */
import { SYSTEM, and, entity, eq, isIn } from '../../../core/api';
import type { Core, OpTransaction } from '../../../core/api';

/** `type` of a notification. */
export const NOTIFY_TYPE = {
  /** An administrator sent it from the console (notify/add). */
  system: 0,
  /** Someone mentioned the receiver in a message (`relate`: the message). */
  mention: 1,
  /** Someone asked to be the receiver's friend. */
  friendRequest: 2,
  /** The receiver's friend request was accepted. */
  friendAccepted: 3,
  /** A team's owner or deputy sent a notice to its members. */
  teamNotice: 4,
  /** The receiver was added to a group, or someone joined the receiver's team. */
  groupJoin: 5,
  /** The receiver was removed from a group, or someone left the receiver's team. */
  groupLeave: 6,
  /** The receiver's role in a team changed (deputy, owner). */
  teamRole: 7,
  /** The receiver's order was paid (the title names the order). */
  orderPaid: 8,
  /** The receiver's goods were sold (a paid order of them). */
  goodsSold: 9,
  /**
   * The receiver's order was refunded (the title names the order). Rows written before type 11
   * existed use 10 for the seller's notice too.
   */
  orderRefunded: 10,
  /** A sale of the receiver's goods was refunded to its buyer. */
  saleRefunded: 11,
  /** The receiver's payout was paid (the title names the amount and the reference). */
  payoutPaid: 12,
  /** The receiver's payout was rejected and its tokens given back (the content is the reason). */
  payoutRejected: 13,
} as const;

export type NotifyType = (typeof NOTIFY_TYPE)[keyof typeof NOTIFY_TYPE];

export const NOTIFY_STATUS = { unread: 0, read: 1 } as const;

export interface NewNotification {
  /** Receivers; duplicates and the sender are dropped. */
  toIds: number[];
  type: NotifyType;
  title: string;
  content?: string | null;
  /** Who caused it (null: the product). */
  fromId?: number | null;
  /** The notifyTemplate it was made from, if any. */
  templateId?: number | null;
  /** The group it is about (mentions, team notices, joins, leaves, roles), if any. */
  groupId?: number | null;
  /** The order it is about (paid, sold, refunded), if any. */
  orderNo?: string | null;
  /** The chat message it is about (a mention), if any: a recall of it blanks the content. */
  messageId?: number | null;
}

/** A notification as written: its columns, with its id and receiver. */
export type WrittenNotification = Record<string, unknown> & { id: number; toId: number };

/**
 * Writes one notification per receiver inside `t`'s transaction and delivers each to its
 * receiver after the commit. Returns the rows written.
 */
export async function notifyUsers(core: Core, t: OpTransaction, n: NewNotification): Promise<WrittenNotification[]> {
  const notify = entity(core.model, 'base/notify');
  const to = [...new Set(n.toIds)].filter((id) => Number.isInteger(id) && id > 0 && id !== n.fromId);
  const rows: WrittenNotification[] = [];
  if (!to.length) return rows;
  await core.ops.transaction(SYSTEM, async (sys) => {
    for (const toId of to) {
      const row = {
        title: n.title,
        content: n.content ?? null,
        type: n.type,
        fromId: n.fromId ?? null,
        toId,
        templateId: n.templateId ?? null,
        groupId: n.groupId ?? null,
        orderNo: n.orderNo ?? null,
        messageId: n.messageId ?? null,
        status: NOTIFY_STATUS.unread,
      };
      const id = await sys.addOne(notify, row);
      rows.push({ id, ...row });
    }
  });
  t.afterCommit(() => {
    for (const row of rows) core.realtime.toUsers([row.toId], { kind: 'notify', data: row });
  });
  return rows;
}

/**
 * Marks the receiver's unread notifications of `type` from `fromId` read inside `t`'s transaction
 * (what they asked about is settled: a friend request answered), and tells the receiver's sockets
 * after the commit (`notice {kind: 'notifyRead', data: {ids, type}}`), so every open bell drops its count.
 * Returns the ids marked; nothing is sent when none was unread.
 */
export async function readNotifications(core: Core, t: OpTransaction, n: { toId: number; fromId: number; type: NotifyType }): Promise<number[]> {
  const notify = entity(core.model, 'base/notify');
  const ids = await core.ops.transaction(SYSTEM, async (sys) => {
    const unread = await sys.lock(notify, and(eq('toId', n.toId), eq('fromId', n.fromId), eq('type', n.type), eq('status', NOTIFY_STATUS.unread)));
    const found = unread.map((r) => r.id);
    if (found.length) await sys.updateWhere(notify, and(isIn('id', found), eq('status', NOTIFY_STATUS.unread)), { status: NOTIFY_STATUS.read });
    return found;
  });
  if (ids.length) t.afterCommit(() => core.realtime.toUsers([n.toId], { kind: 'notifyRead', data: { ids, type: n.type } }));
  return ids;
}
