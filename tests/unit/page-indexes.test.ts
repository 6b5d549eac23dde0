/** The indexes pages need, derived from declarations: what is added, what is left out and why. */
import { describe, expect, it } from 'vitest';
import { defineEntity, l, type EntityDecl } from '../../server/core/entity/define';
import { normalize, normalizeEntity } from '../../server/core/entity/normalize';
import { loadModel } from '../../server/core/entity/load';
import { indexName } from '../../server/core/db/schema';

const base: EntityDecl = {
  module: 'demo',
  name: 'thing',
  table: 'demo_thing',
  label: l('Thing', '东西'),
  fields: {
    status: { type: 'int', default: 1, label: l('Status', '状态') },
    kind: { type: 'string', length: 20, label: l('Kind', '类') },
    body: { type: 'text', label: l('Body', '正文') },
    meta: { type: 'json', label: l('Meta', '元') },
    code: { type: 'string', length: 40, unique: true, label: l('Code', '码') },
    ownerId: { type: 'int', index: true, label: l('Owner', '主') },
    rank: { type: 'int', default: 0, label: l('Rank', '序') },
    wide: { type: 'string', length: 768, label: l('Wide', '宽') },
    flag: { type: 'int', label: l('Deleted', '删') },
  },
};
const derive = (d: Partial<EntityDecl>) => normalizeEntity(defineEntity({ ...base, ...d })).pageIndexes;

describe('page index derivation', () => {
  it('adds (filter, order, id) for each equality filter and leaves (createTime, id) to the createTime index', () => {
    expect(derive({ search: { equal: ['status', 'kind'] } })).toEqual([
      ['status', 'createTime', 'id'],
      ['kind', 'createTime', 'id'],
    ]);
  });

  it('adds (order, id) for unfiltered pages when the order field has no index of its own', () => {
    expect(derive({ order: { field: 'rank', sort: 'asc' }, search: { equal: ['status'] } })).toEqual([
      ['rank', 'id'],
      ['status', 'rank', 'id'],
    ]);
  });

  it('orders by id alone when id is the order field, and leans on the filter’s own index then', () => {
    expect(derive({ order: { field: 'id', sort: 'desc' }, search: { equal: ['status', 'ownerId', 'id'] } })).toEqual([['status', 'id']]);
  });

  it('skips text and json fields, the order field itself and keys over the InnoDB limit', () => {
    expect(derive({ search: { equal: ['body', 'meta', 'createTime', 'wide'] } })).toEqual([]);
    expect(derive({ order: { field: 'body', sort: 'asc' }, search: { equal: ['status'] } })).toEqual([]);
  });

  it('keeps a string key within the limit (utf8mb4: four bytes a character)', () => {
    const ok = { ...base, fields: { ...base.fields, wide: { type: 'string' as const, length: 760, label: l('Wide', '宽') } } };
    expect(normalizeEntity(defineEntity({ ...ok, search: { equal: ['wide'] } })).pageIndexes).toEqual([['wide', 'createTime', 'id']]);
  });

  it('leaves out what a declared, unique or single-field index already serves', () => {
    expect(derive({ search: { equal: ['status', 'code'] }, indexes: [{ fields: ['status', 'createTime'] }] })).toEqual([['code', 'createTime', 'id']]);
    expect(derive({ search: { equal: ['status'] }, indexes: [{ fields: ['status', 'createTime', 'id', 'rank'] }] })).toEqual([]);
    expect(derive({ search: { equal: ['status'] }, indexes: [{ fields: ['status', 'rank'] }] })).toEqual([['status', 'createTime', 'id']]);
  });

  it('leads every index with the soft-delete flag, which every read filters on', () => {
    expect(derive({ softDelete: 'flag', search: { equal: ['status', 'flag'] } })).toEqual([
      ['flag', 'createTime', 'id'],
      ['flag', 'status', 'createTime', 'id'],
    ]);
  });

  it('changes the schema hash, so existing databases get the indexes on their next start', () => {
    const without = normalize([defineEntity({ ...base })]);
    const withFilter = normalize([defineEntity({ ...base, search: { equal: ['status'] } })]);
    expect(withFilter.schemaHash).not.toBe(without.schemaHash);
  });

  it('names each index deterministically and within MySQL’s 64 characters', () => {
    expect(indexName('demo_goods', ['status', 'createTime', 'id'], false)).toBe('ix_demo_goods__status_createTime_id');
    const long = indexName('base_some_rather_long_table_name', ['firstLongField', 'createTime', 'id'], false);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(indexName('base_some_rather_long_table_name', ['firstLongField', 'createTime', 'id'], false)).toBe(long);
  });

  it('derives for every declared entity without exceeding MySQL’s 64 indexes a table', async () => {
    const model = await loadModel();
    const goods = model.byKey.get('demo/goods')!;
    expect(goods.pageIndexes).toEqual([['status', 'createTime', 'id']]);
    for (const e of model.entities) expect(e.pageIndexes.length + e.indexes.length + e.columns.length).toBeLessThan(64);
  });
});
