/**
 * Spreadsheet files in the browser. exceljs is loaded only here, on first import or export, so it
 * stays out of the console's first bundle.
 */
import { saveBlob } from '../../lib/save-file';
import { parseCsv, toCsv } from './csv';
import type { CellValue, SheetRow } from './import-check';

async function excel() {
  const mod = await import('exceljs');
  return (mod as unknown as { default?: typeof mod }).default ?? mod;
}

/** An exceljs cell value as a plain value (rich text, formulas and links read as their text/result). */
function plain(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
    if ('result' in o) return plain(o.result);
    if ('text' in o) return plain(o.text);
    if ('error' in o) return null;
  }
  return String(v);
}

/** The first sheet of an .xlsx file or the records of a .csv file, each with its row number. */
export async function readSheet(file: File): Promise<SheetRow[]> {
  if (/\.csv$/i.test(file.name) || file.type === 'text/csv') {
    return parseCsv(await file.text()).map((cells, i) => ({ row: i + 1, cells }));
  }
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const ws = wb.worksheets[0];
  const rows: SheetRow[] = [];
  if (!ws) return rows;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as unknown[];
    // exceljs rows are 1-based: values[0] is empty.
    rows.push({ row: rowNumber, cells: values.slice(1).map(plain) });
  });
  return rows;
}

export function download(blob: Blob, name: string): void {
  saveBlob(blob, name);
}

/** A file of text rows (the first is the header) as .xlsx or .csv. */
export async function buildFile(rows: string[][], format: 'xlsx' | 'csv', sheetName: string): Promise<Blob> {
  if (format === 'csv') return new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((col, i) => {
    const widest = Math.max(...rows.slice(0, 200).map((r) => (r[i] ?? '').length), 6);
    col.width = Math.min(widest + 2, 60);
  });
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
