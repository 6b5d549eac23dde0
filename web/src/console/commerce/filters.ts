/**
 * The equality filters of a commerce screen with its own columns. CrudTable shows the search form
 * only for generated columns, so these screens turn it back on (`table`) and declare each filter on
 * its column; the form's values reach the page call as the entity's declared equality fields.
 */
import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from '../../i18n';
import type { EpsDictOption } from '../eps';
import type { Row } from '../crud/table-columns';

/** The search form's look, as the generic screen has it. */
export function filterForm(t: TFunction) {
  return { labelWidth: 'auto' as const, defaultCollapsed: true, searchText: t('common.search'), resetText: t('common.reset') };
}

/** A column's filter: a select of its options. */
export function selectFilter(name: string, options: EpsDictOption[] | Array<{ value: string | number; label: string }>): Partial<ProColumns<Row>> {
  return { valueType: 'select', fieldProps: { options: options.map((o) => ({ value: o.value, label: o.label })), 'data-testid': `crud-filter-${name}` } };
}

/** A column's filter: an id. */
export function idFilter(name: string): Partial<ProColumns<Row>> {
  return { valueType: 'digit', fieldProps: { min: 1, precision: 0, 'data-testid': `crud-filter-${name}` } };
}

/** A filter only: in the search form, not in the table. */
export function hiddenFilter(title: string, name: string, filter: Partial<ProColumns<Row>>): ProColumns<Row> {
  return { title, dataIndex: name, key: name, hideInTable: true, ...filter };
}
