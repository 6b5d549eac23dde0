/** The normalize step: what every other part reads, and the mistakes it refuses at start-up. */
import { describe, expect, it } from 'vitest';
import { defineEntity, l } from '../../server/core/entity/define';
import { normalize, normalizeEntity } from '../../server/core/entity/normalize';
import { loadModel } from '../../server/core/entity/load';

const base = {
  module: 'demo',
  name: 'thing',
  table: 'demo_thing',
  label: l('Thing', '东西'),
  fields: {
    title: { type: 'string' as const, length: 30, required: true, label: l('Title', '标题') },
    secret: { type: 'string' as const, hidden: true, writeOnly: true, transform: 'password' as const, label: l('Secret', '密') },
    flag: { type: 'int' as const, label: l('Deleted', '删') },
    userId: { type: 'int' as const, label: l('Owner', '主') },
  },
};

describe('normalize', () => {
  it('adds id, createTime and updateTime and derives routes and permission keys', () => {
    const e = normalizeEntity(defineEntity({ ...base, name: 'sys/thing' }));
    expect(e.fields.map((f) => f.name)).toEqual(['id', 'title', 'secret', 'flag', 'userId', 'createTime', 'updateTime']);
    expect(e.actions.map((a) => `${a.method} ${a.path} ${a.permission}`)).toContain('POST /admin/demo/sys/thing/page demo:sys:thing:page');
    expect(e.actionByName.get('info')!.method).toBe('GET');
  });

  it('keeps hidden fields out of reads and the row schema but accepts them on add', () => {
    const e = normalizeEntity(defineEntity(base));
    expect(e.readable.map((f) => f.name)).not.toContain('secret');
    expect(Object.keys(e.schema.row.properties as object)).not.toContain('secret');
    expect(Object.keys(e.schema.add.properties as object)).toContain('secret');
    expect(e.schema.add.required).toEqual(['title']);
    expect(e.schema.add.additionalProperties).toBe(false);
  });

  it('makes the owner and the soft-delete flag read-only, the flag defaulting to 0', () => {
    const e = normalizeEntity(defineEntity({ ...base, owner: 'userId', softDelete: 'flag' }));
    expect(e.byName.get('userId')!.readOnly).toBe(true);
    expect(e.byName.get('flag')).toMatchObject({ readOnly: true, default: 0, nullable: false });
    expect(e.writable.map((f) => f.name)).toEqual(['title', 'secret']);
  });

  it('honours the spec method and public list', () => {
    const e = normalizeEntity(defineEntity({ ...base, actions: ['list', 'info'], methods: { info: 'POST', list: 'GET' }, public: ['list'] }));
    expect(e.actions.map((a) => [a.name, a.method, a.public])).toEqual([
      ['list', 'GET', true],
      ['info', 'POST', false],
    ]);
  });

  it('refuses declarations that would make a broken API', () => {
    expect(() => normalizeEntity(defineEntity({ ...base, search: { keyword: ['nope'] } }))).toThrow(/not a column/);
    expect(() => normalizeEntity(defineEntity({ ...base, search: { keyword: ['userId'] } }))).toThrow(/not text/);
    expect(() => normalizeEntity(defineEntity({ ...base, owner: 'nobody' }))).toThrow(/owner/);
    expect(() => normalizeEntity(defineEntity({ ...base, public: ['add'], actions: ['page'] }))).toThrow(/public/);
    expect(() => normalizeEntity(defineEntity({ ...base, table: 'bad-table' }))).toThrow(/table/);
    expect(() => normalizeEntity(defineEntity({ ...base, fields: { ...base.fields, id: { type: 'int', label: l('x', 'x') } } }))).toThrow(/core/);
    expect(() => normalize([defineEntity(base), defineEntity({ ...base, name: 'other' })])).toThrow(/table demo_thing/);
  });

  it('changes the schema hash only when the stored shape changes', () => {
    const a = normalize([defineEntity(base)]).schemaHash;
    const relabelled = normalize([defineEntity({ ...base, label: l('Other', '别') })]).schemaHash;
    const widened = normalize([defineEntity({ ...base, fields: { ...base.fields, extra: { type: 'int', label: l('E', 'E') } } })]).schemaHash;
    expect(relabelled).toBe(a);
    expect(widened).not.toBe(a);
  });

  it('finds the entity that holds a system role, and fails loudly on a missing or doubled one', () => {
    const m = normalize([defineEntity({ ...base, system: 'users' }), defineEntity({ ...base, name: 'other', table: 'demo_other' })]);
    expect(m.system('users').key).toBe('demo/thing');
    expect(m.byKey.get('demo/other')!.system).toBeNull();
    expect(() => m.system('roles')).toThrow(/system: 'roles'/);
    expect(() =>
      normalize([defineEntity({ ...base, system: 'users' }), defineEntity({ ...base, name: 'other', table: 'demo_other', system: 'users' })]),
    ).toThrow(/system role 'users' is held by/);
  });

  it('gives every role the core reads to one declared entity', async () => {
    const m = await loadModel();
    const roles = [
      'users',
      'roles',
      'menus',
      'userRoles',
      'roleMenus',
      'departments',
      'roleDepartments',
      'requestLog',
      'recycle',
      'params',
      'dictTypes',
    ] as const;
    for (const r of roles) expect(m.system(r).system).toBe(r);
  });

  it('loads the whole catalogue with the spec names and snake_case tables', async () => {
    const m = await loadModel();
    const keys = m.entities.map((e) => e.key);
    for (const k of [
      'base/groupMember',
      'base/sys/user',
      'base/sys/role',
      'base/sys/menu',
      'goods/searchKeyword',
      'goods/order',
      'dict/type',
      'dict/info',
      'recycle/data',
      'space/info',
      'space/type',
      'task/info',
      'plugin/info',
      'demo/goods',
    ]) {
      expect(keys).toContain(k);
    }
    for (const e of m.entities) expect(e.table).toMatch(/^[a-z][a-z0-9_]*$/);
    for (const e of m.entities)
      for (const f of e.fields) {
        expect(f.label.en, `${e.key}.${f.name} label`).toBeTruthy();
        expect(f.label['zh-cn'], `${e.key}.${f.name} label`).toBeTruthy();
        expect(f.label['zh-tw'], `${e.key}.${f.name} label`).toBeTruthy();
      }
  });
});
