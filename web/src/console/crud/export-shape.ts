/** Rows shaped for an export file: the header of column labels, then each value as text. Pure. */
import type { EpsDictOption } from '../eps';
import type { FieldSpec } from './fields';
import { valueText } from './values';

export const EXPORT_PAGE_SIZE = 1000;

export function exportMatrix(
  columns: FieldSpec[],
  rows: Array<Record<string, unknown>>,
  texts: { yes: string; no: string },
  dictOptions: Record<string, EpsDictOption[]> = {},
): string[][] {
  const header = columns.map((c) => c.label);
  const body = rows.map((r) => columns.map((c) => valueText(c.kind, r[c.name], c.options ?? (c.dictKey ? dictOptions[c.dictKey] : undefined), texts)));
  return [header, ...body];
}

/** How many /page calls an export of `total` rows takes. */
export function exportPages(total: number, size = EXPORT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** `goods-2026-11-22.xlsx` */
export function exportFileName(entityName: string, ext: 'xlsx' | 'csv', now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${entityName.replace(/\//g, '-')}-${day}.${ext}`;
}
