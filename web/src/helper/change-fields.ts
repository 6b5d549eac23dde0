/**
 * An editor row as a change set's field (coding-api.ts ChangeField): a renamed field names its old
 * name (`from`), and a label left as it was keeps all three languages rather than one text that
 * the server would translate again.
 */
import type { Lang } from '../i18n';
import { labelText, toCodeField, type FieldRow } from './code-body';
import type { ChangeField, TreeEntity } from './coding-api';

export function toChangeField(row: FieldRow, lang: Lang): ChangeField {
  const out: ChangeField = { ...toCodeField(row) };
  const from = row.from?.trim();
  if (from && from !== out.name) out.from = from;
  if (row.labels && (row.label ?? '').trim() === labelText(row.labels, lang)) out.label = row.labels;
  return out;
}

/** `was title`: the rows whose name was edited, by their old name. */
export function renamed(row: FieldRow | undefined): string | null {
  const from = row?.from?.trim();
  const name = row?.name?.trim();
  return from && name && from !== name ? from : null;
}

/** An entity's fields as editor rows: system fields left out, each row remembering its name (`from`) and its three labels. */
export function rowsOfEntity(entity: TreeEntity | null, lang: Lang): FieldRow[] {
  return (entity?.fields ?? [])
    .filter((f) => !f.system)
    .map((f) => ({
      name: f.name,
      from: f.name,
      type: f.type as FieldRow['type'],
      length: f.type === 'string' && typeof f.length === 'number' ? f.length : null,
      required: !!f.required,
      label: labelText(f.label, lang),
      labels: f.label,
      dict: typeof f.dict === 'string' && f.dict ? f.dict : null,
    }));
}
