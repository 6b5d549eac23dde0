import { describe, expect, it } from 'vitest';
import { columnSpecs } from '../../web/src/console/crud/fields';
import { exportFileName, exportMatrix, exportPages } from '../../web/src/console/crud/export-shape';
import { fromFormValue, formPayload, toFormValue } from '../../web/src/console/crud/form-values';
import { goods } from './crud-fixture';

const specs = columnSpecs(goods, 'en');
const pick = (...names: string[]) => specs.filter((s) => names.includes(s.name));

describe('export', () => {
  it('writes column labels as the header and enum values as their labels', () => {
    const rows = [
      { id: 1, title: 'Pear', status: 1, onSale: true, color: 'r', tags: ['a'] },
      { id: 2, title: 'Fig', status: 0, onSale: false, color: null, tags: null },
    ];
    const m = exportMatrix(
      pick('id', 'title', 'status', 'onSale', 'color', 'tags'),
      rows,
      { yes: '是', no: '否' },
      { goods_color: [{ value: 'r', label: 'Red' }] },
    );
    expect(m).toEqual([
      ['ID', 'Title', 'Status', 'On sale', 'Colour', 'Tags'],
      ['1', 'Pear', 'Enabled', '是', 'Red', '["a"]'],
      ['2', 'Fig', 'Disabled', '否', '', ''],
    ]);
  });

  it('counts the page calls of 1000 rows and names the file', () => {
    expect(exportPages(0)).toBe(1);
    expect(exportPages(1000)).toBe(1);
    expect(exportPages(2001)).toBe(3);
    expect(exportFileName('sys/user', 'csv', new Date(2026, 10, 2))).toBe('sys-user-2026-11-02.csv');
  });
});

describe('form values', () => {
  const f = (name: string) => specs.find((s) => s.name === name)!;
  it('edits JSON as text and parses it back', () => {
    expect(toFormValue(f('tags'), ['a'])).toBe('[\n  "a"\n]');
    expect(fromFormValue(f('tags'), '["b"]')).toEqual(['b']);
  });

  it('drops empty optional fields on add and nulls them on edit', () => {
    const fields = specs.filter((s) => ['title', 'price', 'onSale'].includes(s.name));
    expect(formPayload(fields, { title: 'a', price: undefined, onSale: false }, 'add')).toEqual({ title: 'a', onSale: false });
    expect(formPayload(fields, { title: 'a', price: undefined, onSale: false }, 'update')).toEqual({ title: 'a', price: null, onSale: false });
  });

  it('sends a picked date-time as an ISO instant', () => {
    const d = toFormValue(f('saleStart'), '2026-01-31T08:00:00.000Z');
    expect(fromFormValue(f('saleStart'), d)).toBe('2026-01-31T08:00:00.000Z');
  });
});
