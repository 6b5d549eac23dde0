/**
 * The plugin event catalogue (server/modules/**\/*.events.ts) against the real model, from row
 * changes as the operations hand them over after a commit (stored rows, before and after): which
 * changes make which events, with which fields, and never a hidden column.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../server/core/entity/load';
import type { Model } from '../../server/core/entity/model';
import { loadModuleEvents } from '../../server/core/modules';
import { catalogue, checkCatalogue, eventsOf } from '../../server/core/plugins/events';

let model: Model;
const e = (key: string) => model.byKey.get(key)!;
const names = (key: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  eventsOf(e(key), [{ before, after }]).map((x) => x.name);

beforeAll(async () => {
  model = await loadModel();
  await loadModuleEvents();
});

describe('the plugin event catalogue', () => {
  it('names only readable fields of existing entities', () => {
    expect(() => checkCatalogue(model)).not.toThrow();
    expect(catalogue().map((c) => c.name)).toEqual(
      expect.arrayContaining(['goods.published', 'message.group', 'order.paid', 'order.refunded', 'user.registered']),
    );
  });

  it('is what the shipped webhook plugin offers to choose from, no more, no less', () => {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../plugins/webhook/plugin.json'), 'utf8')) as {
      config: { properties: { events: { items: { enum: string[] } } } };
    };
    expect([...manifest.config.properties.events.items.enum].sort()).toEqual(
      catalogue()
        .map((c) => c.name)
        .sort(),
    );
  });

  it('reports an added user with its public identity only', () => {
    const row = {
      id: 7,
      username: 'ann',
      nickName: 'Ann',
      password: 'scrypt$hash',
      email: 'ann@example.com',
      key: 'k',
      delete: 0,
      createTime: '2026-01-02 03:04:05.000',
    };
    const [ev] = eventsOf(e('base/sys/user'), [{ before: null, after: row }]);
    expect(ev).toMatchObject({ name: 'user.registered', data: { id: 7, username: 'ann', nickName: 'Ann', createTime: '2026-01-02T03:04:05.000Z' } });
    expect(JSON.stringify(ev)).not.toMatch(/scrypt|ann@example|"key"/);
    expect(names('base/sys/user', { ...row, nickName: 'A' }, row)).toEqual([]);
  });

  it('reports an order when its status becomes paid or refunded, once', () => {
    const order = { id: 3, orderNo: 'N1', userId: 2, sellerId: 5, goodsId: 9, type: 0, payAmount: '12.50', currency: 'usd', provider: 'stripe', status: 0 };
    expect(names('goods/order', order, { ...order, status: 1 })).toEqual(['order.paid']);
    expect(names('goods/order', { ...order, status: 1 }, { ...order, status: 1, reason: 'x' })).toEqual([]);
    expect(names('goods/order', { ...order, status: 1 }, { ...order, status: 9 })).toEqual(['order.refunded']);
    expect(names('goods/order', order, { ...order, status: 4 })).toEqual([]);
    const [paid] = eventsOf(e('goods/order'), [{ before: order, after: { ...order, status: 1 } }]);
    expect(paid.data).toMatchObject({ orderNo: 'N1', payAmount: 12.5, currency: 'usd' });
  });

  it('reports a message stored in a group as its group id, without its content', () => {
    const msg = { id: 11, toId: 4, toType: 1, fromId: 2, type: 0, seq: 8, content: '{"text":"private words"}', createTime: '2026-01-02 03:04:05.000' };
    const [ev] = eventsOf(e('base/message'), [{ before: null, after: msg }]);
    expect(ev).toMatchObject({ name: 'message.group', data: { id: 11, groupId: 4, fromId: 2, seq: 8 } });
    expect(JSON.stringify(ev)).not.toContain('private words');
    expect(names('base/message', null, { ...msg, toType: 0 })).toEqual([]);
  });

  it('reports goods going on shelf, not an edit of goods already on it', () => {
    const goods = { id: 1, title: 'T', price: '1.00', status: 0, delete: 0 };
    expect(names('goods/info', goods, { ...goods, status: 1 })).toEqual(['goods.published']);
    expect(names('goods/info', null, { ...goods, status: 1 })).toEqual(['goods.published']);
    expect(names('goods/info', { ...goods, status: 1 }, { ...goods, status: 1, title: 'U' })).toEqual([]);
  });

  it('emits nothing for a write that names no rows', () => {
    expect(eventsOf(e('base/sys/user'), null)).toEqual([]);
  });
});
