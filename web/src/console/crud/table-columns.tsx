/**
 * The ProTable columns of an entity: one per shown column (label, server sort, equality filter in
 * the search form, value rendering, inline edit) plus the row actions.
 */
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { EpsEntry } from '../eps';
import { inlineEditable, sortable, type FieldSpec } from './fields';
import { valueText } from './values';
import EditableCell from './EditableCell';
import type { DictOptions } from './use-dicts';
import { searchFieldNames, searchOptions } from './search-builder';

export type Row = Record<string, unknown>;

export interface ColumnContext {
  entry: EpsEntry;
  specs: FieldSpec[];
  dicts: DictOptions;
  canUpdate: boolean;
  yes: string;
  no: string;
  noDict: string;
  onCellSaved: (row: Row, field: string, value: unknown) => void;
}

const WIDTH: Partial<Record<FieldSpec['kind'], number>> = {
  datetime: 170,
  date: 120,
  switch: 90,
  flag: 90,
  integer: 110,
  number: 120,
  json: 220,
  textarea: 220,
};

function display(spec: FieldSpec, v: unknown, ctx: ColumnContext): ReactNode {
  if (v === null || v === undefined || v === '') return <Typography.Text type="secondary">-</Typography.Text>;
  const options = spec.options ?? (spec.dictKey ? ctx.dicts[spec.dictKey] : undefined);
  const text = valueText(spec.kind, v, options, { yes: ctx.yes, no: ctx.no, maxLength: 60 });
  if (spec.kind === 'switch') return <Tag color={text === ctx.yes ? 'success' : 'default'}>{text}</Tag>;
  if (spec.kind === 'flag') return <Tag color={Number(v) === 1 ? 'success' : 'default'}>{text}</Tag>;
  return text;
}

function searchField(spec: FieldSpec, ctx: ColumnContext): Partial<ProColumns<Row>> {
  const options = spec.options ?? (spec.dictKey ? ctx.dicts[spec.dictKey] : undefined);
  if (options || spec.dictKey) {
    return {
      valueType: 'select',
      fieldProps: { options: searchOptions(options ?? []), notFoundContent: ctx.noDict, 'data-testid': `crud-filter-${spec.name}` },
    };
  }
  if (spec.kind === 'switch') {
    return {
      valueType: 'select',
      fieldProps: {
        options: [
          { value: true, label: ctx.yes },
          { value: false, label: ctx.no },
        ],
        'data-testid': `crud-filter-${spec.name}`,
      },
    };
  }
  if (spec.kind === 'integer' || spec.kind === 'number') return { valueType: 'digit', fieldProps: { 'data-testid': `crud-filter-${spec.name}` } };
  return { valueType: 'text', fieldProps: { 'data-testid': `crud-filter-${spec.name}` } };
}

export function buildColumns(ctx: ColumnContext): ProColumns<Row>[] {
  const { entry } = ctx;
  const eq = searchFieldNames(
    entry.search?.fieldEq ?? [],
    ctx.specs.map((s) => s.name),
  );
  return ctx.specs.map((spec) => {
    const c = spec.column!;
    const editable = ctx.canUpdate && inlineEditable(entry, c);
    return {
      title: spec.label,
      dataIndex: spec.name,
      key: spec.name,
      width: WIDTH[spec.kind],
      sorter: sortable(c),
      search: eq.has(spec.name) ? undefined : false,
      ...(eq.has(spec.name) ? searchField(spec, ctx) : {}),
      render: (_: unknown, row: Row) => {
        const shown = display(spec, row[spec.name], ctx);
        if (!editable) return shown;
        return (
          <EditableCell
            entry={entry}
            id={row.id}
            field={spec}
            value={row[spec.name]}
            options={spec.dictKey ? ctx.dicts[spec.dictKey] : undefined}
            onSaved={(v) => ctx.onCellSaved(row, spec.name, v)}
          >
            {shown}
          </EditableCell>
        );
      },
    } satisfies ProColumns<Row>;
  });
}
