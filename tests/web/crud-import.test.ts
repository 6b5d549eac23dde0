import { describe, expect, it } from 'vitest';
import { formFields } from '../../web/src/console/crud/fields';
import { parseCsv, toCsv } from '../../web/src/console/crud/csv';
import { checkRows, mapHeaders, serverErrors, type SheetRow } from '../../web/src/console/crud/import-check';
import { goods } from './crud-fixture';

const fields = formFields(goods, 'add', 'en');
const sheet = (records: string[][]): SheetRow[] => records.map((cells, i) => ({ row: i + 1, cells }));

describe('csv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines, CRLF and a BOM', () => {
    const text = '\uFEFFtitle,body\r\n"Pear, green","say ""hi""\nsecond line"\r\nplain,\n';
    expect(parseCsv(text)).toEqual([
      ['title', 'body'],
      ['Pear, green', 'say "hi"\nsecond line'],
      ['plain', ''],
    ]);
  });

  it('writes what it reads back', () => {
    const rows = [
      ['Title', 'Body'],
      ['a,b', 'line1\nline2 "q"'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});

describe('import header', () => {
  it('maps headers by property name or by a label in any language, ignoring unknown ones', () => {
    const cols = mapHeaders(['title', '价格', 'Status', '庫存', 'whatever', 'Password'], fields);
    expect(cols.map((f) => f?.name)).toEqual(['title', 'price', 'status', 'stock', undefined, 'password']);
  });
});

describe('import rows', () => {
  it('converts a good row to the add body: enum labels to values, yes/no, dates, JSON', () => {
    const rows = sheet([
      ['Title', 'Price', 'Status', 'Stock', 'On sale', 'Tags', 'Sale start'],
      ['Pear', '3.5', '启用', '10', '是', '["a"]', '2026-01-31 08:00'],
    ]);
    const cols = mapHeaders(rows[0].cells, fields);
    const r = checkRows(rows.slice(1), cols, fields);
    expect(r.errors).toEqual([]);
    expect(r.records).toEqual([
      { title: 'Pear', price: 3.5, status: 1, stock: 10, onSale: true, tags: ['a'], saleStart: new Date(2026, 0, 31, 8, 0).toISOString() },
    ]);
    expect(r.rowNumbers).toEqual([2]);
  });

  it('lists every bad cell of every row with its file row number, skipping blank rows', () => {
    const rows = sheet([
      ['Title', 'Price', 'Status', 'Stock', 'On sale', 'Tags', 'Sale start'],
      ['', 'abc', 'Maybe', '1.5', 'perhaps', '{bad', '2026-02-30'],
      ['', '', '', '', '', '', ''],
      ['x'.repeat(51), '1', '0', '1', 'no', '', ''],
    ]);
    const r = checkRows(rows.slice(1), mapHeaders(rows[0].cells, fields), fields);
    expect(r.errors.map((e) => [e.row, e.field, e.problem])).toEqual([
      [2, 'title', 'required'],
      [2, 'price', 'number'],
      [2, 'status', 'enum'],
      [2, 'stock', 'integer'],
      [2, 'onSale', 'boolean'],
      [2, 'tags', 'json'],
      [2, 'saleStart', 'datetime'],
      [4, 'title', 'maxLength'],
    ]);
    expect(r.errors[7].params).toEqual({ max: 50 });
    expect(r.records).toHaveLength(2);
  });

  it('refuses every row when a required column is missing from the file', () => {
    const rows = sheet([['Price'], ['1'], ['2']]);
    const r = checkRows(rows.slice(1), mapHeaders(rows[0].cells, fields), fields);
    expect(r.errors.map((e) => [e.row, e.field, e.problem])).toEqual([
      [2, 'title', 'required'],
      [3, 'title', 'required'],
    ]);
  });

  it('checks dictionary fields against the loaded options', () => {
    const rows = sheet([
      ['Title', 'Colour'],
      ['a', 'Red'],
      ['b', 'Blue'],
    ]);
    const r = checkRows(rows.slice(1), mapHeaders(rows[0].cells, fields), fields, { goods_color: [{ value: 'r', label: 'Red' }] });
    expect(r.records[0]).toEqual({ title: 'a', color: 'r' });
    expect(r.errors.map((e) => [e.row, e.field, e.problem])).toEqual([[3, 'color', 'enum']]);
  });

  it('places the server batch refusal on file rows', () => {
    const list = serverErrors(
      [
        { field: '[1].title', message: '[1].title must not be empty' },
        { field: '[0].status', message: 'bad' },
      ],
      [2, 5],
      fields,
    );
    expect(list.map((e) => [e.row, e.label, e.message])).toEqual([
      [5, 'Title', '[1].title must not be empty'],
      [2, 'Status', 'bad'],
    ]);
  });
});
