/** CSV text in and out (RFC 4180: quoted fields, doubled quotes, commas and newlines in quotes). Pure. */

/** The records of a CSV text; a leading byte-order mark is dropped, CRLF and LF both end a record. */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < src.length) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n') endRecord();
    else if (ch === '\r') {
      if (src[i + 1] === '\n') i += 1;
      endRecord();
    } else field += ch;
    i += 1;
  }
  if (field !== '' || record.length) endRecord();
  return records;
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A CSV text with a byte-order mark, so spreadsheet programs read UTF-8 (Chinese) correctly. */
export function toCsv(rows: string[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
