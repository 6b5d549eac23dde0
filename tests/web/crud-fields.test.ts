import { describe, expect, it } from 'vitest';
import { cellField, columnSpecs, formFields, inlineEditable, mayUse, permissionOf, sortable, tableColumns } from '../../web/src/console/crud/fields';
import { defaultColumnsState, pageBody } from '../../web/src/console/crud/query';
import { formatDateTime, formatJsonText, valueText } from '../../web/src/console/crud/values';
import { formPayload, toFormValue } from '../../web/src/console/crud/form-values';
import type { EpsEntry } from '../../web/src/console/eps';
import { goods, STATUS } from './crud-fixture';

const byName = (name: string) => goods.columns.find((c) => c.propertyName === name)!;

describe('crud table columns', () => {
  it('shows every column but the write-only secret, labelled by the current-language comment', () => {
    const names = tableColumns(goods).map((c) => c.propertyName);
    expect(names).not.toContain('apiSecret');
    expect(names).toContain('typeName');
    expect(columnSpecs(goods, 'en').find((s) => s.name === 'title')!.label).toBe('Title');
  });

  it('sorts only on real columns and edits in place only writable non-system ones', () => {
    expect(sortable(byName('typeName'))).toBe(false);
    expect(sortable(byName('title'))).toBe(true);
    const editable = tableColumns(goods)
      .filter((c) => inlineEditable(goods, c))
      .map((c) => c.propertyName);
    expect(editable).toEqual(['title', 'price', 'status', 'stock', 'onSale', 'color', 'body', 'tags', 'saleStart']);
  });

  it('picks the control of each column kind', () => {
    const kinds = Object.fromEntries(columnSpecs(goods).map((s) => [s.name, s.kind]));
    expect(kinds).toMatchObject({
      id: 'integer',
      title: 'text',
      price: 'number',
      status: 'select',
      onSale: 'switch',
      color: 'select',
      body: 'textarea',
      tags: 'json',
      saleStart: 'datetime',
    });
    expect(cellField(goods, byName('color')).dictKey).toBe('goods_color');
  });

  it('names the permission key of an action', () => {
    expect(permissionOf(goods, 'update')).toBe('demo:goods:update');
    expect(permissionOf(goods, 'restore')).toBeNull();
  });

  it('offers an action only when /eps lists it and the caller holds its permission key', () => {
    const held = (p: string) => ['demo:goods:page', 'demo:goods:update'].includes(p);
    expect(mayUse(goods, 'update', held)).toBe(true);
    expect(mayUse(goods, 'delete', held)).toBe(false);
    expect(mayUse({ ...goods, api: goods.api.filter((a) => a.path !== '/update') }, 'update', held)).toBe(false);
    expect(mayUse({ ...goods, api: [{ ...goods.api[0], permission: null }] }, 'add', () => false)).toBe(true);
  });

  it('shows the first 12 columns before the user changes the settings', () => {
    const state = defaultColumnsState(Array.from({ length: 14 }, (_, i) => `c${i}`));
    expect(state.c11).toEqual({ show: true });
    expect(state.c12).toEqual({ show: false });
  });
});

describe('crud form fields', () => {
  it('builds the add form from schema.add with required and maxLength, a password input for a schema-only password', () => {
    const fields = formFields(goods, 'add', 'zh-cn');
    expect(fields.map((f) => f.name)).toEqual(['title', 'price', 'status', 'stock', 'onSale', 'color', 'body', 'tags', 'saleStart', 'apiSecret', 'password']);
    const title = fields.find((f) => f.name === 'title')!;
    expect(title).toMatchObject({ required: true, maxLength: 50, kind: 'text' });
    expect(title.labels).toEqual(expect.arrayContaining(['Title', '标题', '標題']));
    const pw = fields.find((f) => f.name === 'password')!;
    expect(pw).toMatchObject({ kind: 'password', label: '密码', required: false });
    expect(fields.find((f) => f.name === 'apiSecret')!.kind).toBe('password');
    expect(fields.find((f) => f.name === 'status')!.options).toBe(STATUS);
  });

  it('leaves id out of the edit form', () => {
    expect(formFields(goods, 'update').map((f) => f.name)).not.toContain('id');
  });
});

describe('crud page body', () => {
  it('sends page, size, keyword, the declared equality filters and a sort on real columns only', () => {
    const body = pageBody(goods, { current: 2, pageSize: 50, keyWord: ' pear ', status: 1, color: '', stock: 4 }, { title: 'ascend' });
    expect(body).toEqual({ page: 2, size: 50, keyWord: 'pear', status: 1, order: 'title', sort: 'asc' });
    expect(pageBody(goods, { current: 1, pageSize: 20 }, { typeName: 'descend' })).toEqual({ page: 1, size: 20 });
    expect(pageBody(goods, { current: 1, pageSize: 20 }, { createTime: 'descend' })).toMatchObject({ order: 'createTime', sort: 'desc' });
  });
});

describe('crud value text', () => {
  const o = { yes: 'Yes', no: 'No' };
  it('shows enum labels, yes/no, local date-times and short JSON', () => {
    expect(valueText('select', 1, STATUS, o)).toBe('Enabled');
    expect(valueText('select', '0', STATUS, o)).toBe('Disabled');
    expect(valueText('switch', true, undefined, o)).toBe('Yes');
    expect(valueText('switch', 0, undefined, o)).toBe('No');
    const d = new Date(2026, 0, 31, 8, 5, 9);
    expect(valueText('datetime', d.toISOString(), undefined, o)).toBe('2026-01-31 08:05:09');
    expect(valueText('json', { a: [1, 2] }, undefined, o)).toBe('{"a":[1,2]}');
    expect(valueText('json', { long: 'x'.repeat(100) }, undefined, { ...o, maxLength: 20 })).toHaveLength(20);
    expect(valueText('text', null, undefined, o)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('yes/no flags and JSON help in generated forms', () => {
  const L = (en: string, cn = en, tw = cn) => ({ en, 'zh-cn': cn, 'zh-tw': tw });
  const yesNo = [
    { value: 0, label: '否', labels: L('No', '否', '否') },
    { value: 1, label: '是', labels: L('Yes', '是', '是') },
  ];
  const app: EpsEntry = {
    ...goods,
    module: 'base',
    name: 'app',
    columns: [
      { ...goods.columns[4], propertyName: 'isAsync', type: 'int', dict: yesNo, label: L('Asynchronous', '异步', '非同步'), comment: '异步' },
      { ...goods.columns[4], propertyName: 'type', type: 'int', dict: STATUS, label: L('Type'), comment: 'Type' },
      { ...goods.columns[8], propertyName: 'config', type: 'json', label: L('Configuration', '配置', '設定'), comment: '配置' },
    ],
    schema: {
      add: {
        type: 'object',
        properties: {
          isAsync: { type: 'integer', enum: [0, 1], default: 0 },
          type: { type: 'integer', enum: [0, 1] },
          config: { description: 'A JSON object: model, inputSchema', 'x-help': L('A JSON object: model, inputSchema', 'JSON 对象：model、inputSchema') },
        },
        required: [],
      },
    },
  };

  it('edits a 0/1 yes/no integer with a switch that sends 1 or 0, and keeps other enums as selects', () => {
    const fields = formFields(app, 'add', 'zh-cn');
    const isAsync = fields.find((f) => f.name === 'isAsync')!;
    expect(isAsync.kind).toBe('flag');
    expect(fields.find((f) => f.name === 'type')!.kind).toBe('select');
    expect(toFormValue(isAsync, 1)).toBe(1);
    expect(formPayload([isAsync], { isAsync: true }, 'add')).toEqual({ isAsync: 1 });
    expect(formPayload([isAsync], { isAsync: false }, 'add')).toEqual({ isAsync: 0 });
    expect(valueText('flag', 1, isAsync.options, { yes: 'Y', no: 'N' })).toBe('是');
    // The list filter offers the enum's labels (a select), not free text.
    expect(isAsync.options?.map((o) => o.value)).toEqual([0, 1]);
  });

  it('shows the help of a JSON field in the language of the caller and formats its text', () => {
    const config = formFields(app, 'add', 'zh-cn').find((f) => f.name === 'config')!;
    expect(config.kind).toBe('json');
    expect(config.help).toBe('JSON 对象：model、inputSchema');
    expect(formFields(app, 'add', 'en').find((f) => f.name === 'config')!.help).toBe('A JSON object: model, inputSchema');
    expect(formatJsonText('{"model":"m","inputSchema":{"type":"object"}}')).toBe('{\n  "model": "m",\n  "inputSchema": {\n    "type": "object"\n  }\n}');
    expect(formatJsonText('{"model":')).toBeNull();
    expect(formatJsonText('')).toBe('');
  });

  it('sends a JSON field a screen edits as a list (its own control) as that list, not as text', () => {
    const config = formFields(app, 'add', 'en').find((f) => f.name === 'config')!;
    const asList = { fromForm: (v: unknown) => (Array.isArray(v) ? v : []) };
    expect(formPayload([config], { config: ['chat', 'tools'] }, 'update', { config: asList })).toEqual({ config: ['chat', 'tools'] });
    expect(formPayload([config], { config: undefined }, 'update', { config: asList })).toEqual({ config: [] });
    // Without it the same field is JSON text.
    expect(formPayload([config], { config: '["chat"]' }, 'update')).toEqual({ config: ['chat'] });
  });
});

describe('units of numbers in generated forms', () => {
  it('names the unit of a number in the language of the caller', () => {
    const vip: EpsEntry = {
      ...goods,
      schema: { add: { type: 'object', properties: { stock: { type: 'integer', 'x-unit': { en: 'days', 'zh-cn': '天', 'zh-tw': '天' } } }, required: [] } },
    };
    expect(formFields(vip, 'add', 'en').find((f) => f.name === 'stock')!.unit).toBe('days');
    expect(formFields(vip, 'add', 'zh-tw').find((f) => f.name === 'stock')!.unit).toBe('天');
    expect(formFields(goods, 'add', 'en').find((f) => f.name === 'stock')!.unit).toBeUndefined();
  });
});
