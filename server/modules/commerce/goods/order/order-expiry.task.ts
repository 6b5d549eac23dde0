/**
 * System task `order.expire`: cancels unpaid orders whose time to pay has passed and releases their
 * stock (`expireDueOrders`), every minute by default. Safe to run again: each order is expired in
 * its own transaction, only while it is still pending and due. Reads also expire orders lazily;
 * this task keeps stock free for orders nobody looks at.
 */
import { defineTask } from '../../../../core/api';
import { expireDueOrders } from './order.service';

export default defineTask<{ limit: number }>('order.expire', {
  schema: {
    properties: { limit: { type: 'integer', minimum: 1, maximum: 10_000, default: 500 } },
    additionalProperties: false,
  },
  system: {
    name: 'Unpaid order expiry',
    cron: '0 * * * * *',
    data: { limit: 500 },
    remark: 'Cancels unpaid orders past their time to pay (at most data.limit a run)',
  },
  async run(core, { limit }) {
    return { expired: await expireDueOrders(core, null, limit) };
  },
});
