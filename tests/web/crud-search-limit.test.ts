/** 000 §9: the search auto-builder makes at most 999 items (fields, and options of a select field). */
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_MAX_ITEMS } from '../../web/src/console/crud/search-builder';
import type { FieldSpec } from '../../web/src/console/crud/fields';
import type { EpsEntry } from '../../web/src/console/eps';

// The table's inline editor reaches the http client, which reads the browser's storage when loaded.
const store = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
  location: { pathname: '/admin', hostname: 'localhost' },
  addEventListener: () => undefined,
});
const { buildColumns } = await import('../../web/src/console/crud/table-columns');

function column(name: string) {
  return {
    propertyName: name,
    type: 'string',
    comment: name,
    label: { en: name, 'zh-cn': name, 'zh-tw': name },
    defaultValue: null,
    nullable: true,
    required: false,
    readOnly: false,
    writeOnly: false,
    virtual: false,
    unique: false,
    dict: null,
  };
}

function build(fieldCount: number, options: number) {
  const names = Array.from({ length: fieldCount }, (_, i) => `f${i}`);
  const entry = {
    module: 'demo',
    name: 'wide',
    prefix: '/admin/demo/wide',
    api: [],
    columns: names.map(column),
    search: { fieldEq: names },
  } as unknown as EpsEntry;
  const dict = Array.from({ length: options }, (_, i) => ({ value: i, label: `option ${i}` }));
  const specs: FieldSpec[] = names.map((name, i) => ({
    name,
    label: name,
    labels: {} as FieldSpec['labels'],
    kind: i === 0 ? 'select' : 'text',
    required: false,
    nullable: true,
    column: column(name) as never,
    ...(i === 0 ? { dictKey: 'big' } : {}),
  }));
  return buildColumns({
    entry,
    specs,
    dicts: { big: dict },
    canUpdate: false,
    yes: 'Yes',
    no: 'No',
    noDict: 'No available dictionary',
    onCellSaved: () => undefined,
  });
}

describe('search auto-builder limit (000 §9)', () => {
  it('offers at most 999 options in a dictionary search field', () => {
    const [first] = build(1, 1500);
    const options = (first.fieldProps as { options: unknown[] }).options;
    expect(options).toHaveLength(SEARCH_MAX_ITEMS);
    expect(SEARCH_MAX_ITEMS).toBe(999);
    expect(build(1, 12)[0].fieldProps).toMatchObject({ options: expect.arrayContaining([{ value: 11, label: 'option 11' }]) });
  });
  it('builds at most 999 search fields', () => {
    const cols = build(1200, 3);
    expect(cols.filter((c) => c.search !== false)).toHaveLength(SEARCH_MAX_ITEMS);
    expect(cols[998].search).toBeUndefined();
    expect(cols[999].search).toBe(false);
  });
});
