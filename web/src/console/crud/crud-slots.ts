/**
 * What a special screen gives `CrudTable` to be more than the generic screen, without a ProTable of
 * its own: its columns, toolbar, row actions and form (slots), extra filters, the table's look, and
 * which generic tools it keeps. Every slot is optional; none given is the generic screen.
 */
import type { MutableRefObject, ReactElement, ReactNode } from 'react';
import type { ActionType, ProColumns, ProTableProps } from '@ant-design/pro-components';
import type { Row } from './table-columns';

/** The dialog's subject: closed, a new row, or the row to edit. */
export type FormTarget = null | 'add' | { id: unknown; row?: Row };

/** The state a slot may act on. */
export interface SlotContext {
  /** Ids of the selected rows (empty without selection). */
  selected: number[];
  clearSelection: () => void;
  reload: () => void;
  /** Opens the form (the generated one, or the `form` slot). */
  openForm: (target: Exclude<FormTarget, null>) => void;
}

/** The generated toolbar items, each present only when the caller may use it. */
export interface ToolbarItems {
  keyword?: ReactNode;
  add?: ReactNode;
  import?: ReactNode;
  export?: ReactNode;
  delete?: ReactNode;
}

/** The generated row actions, each present only when the caller may use it. */
export interface RowDefaults {
  /** Opens the form on the row (or on `loaded`, a fuller copy of it). */
  edit?: (loaded?: Row) => void;
  /** Asks, then deletes the row. */
  remove?: () => void;
}

/**
 * A generated form field's own control (a select of rows for an id, tags for a list): antd's Form.Item
 * gives the element `value` and `onChange`. A JSON field edited as a value rather than text says how
 * the row's value enters the form (`toForm`) and leaves it (`fromForm`).
 */
export interface FieldOverride {
  control: ReactElement;
  /** The text under the control instead of the declaration's help (written for the JSON text). */
  help?: string;
  toForm?: (v: unknown) => unknown;
  fromForm?: (v: unknown) => unknown;
}

export interface CrudSlots {
  /** The screen's columns instead of those /eps gives (the actions column follows them). */
  columns?: ProColumns<Row>[];
  /** The toolbar from the generated items: reorder, drop or add to them. */
  toolbar?: (items: ToolbarItems, ctx: SlotContext) => ReactNode[];
  /** A row's actions instead of edit and delete. */
  rowActions?: (row: Row, defaults: RowDefaults, ctx: SlotContext) => ReactNode;
  /** The width of the actions column. */
  rowActionsWidth?: number;
  /** The screen's own add/edit dialog instead of the generated one. */
  form?: (props: { target: FormTarget; onClose: () => void; onSaved: () => void }) => ReactNode;
  /** Controls of the generated form's fields by name, instead of those their kind gives. */
  fields?: Record<string, FieldOverride>;
}

/** The generic tools; a special screen turns off those it never had. All on by default. */
export interface CrudTools {
  import?: boolean;
  export?: boolean;
  inlineEdit?: boolean;
  /** The search form of equality filters. */
  filters?: boolean;
  /** Row selection with bulk delete (by default when the caller may delete; `true`: always, for other bulk actions). */
  select?: boolean;
  /** Pages from `page`; off: every row at once from `list` (a tree). */
  paging?: boolean;
  /** Keep the selection across pages. */
  keepSelection?: boolean;
}

export interface CrudTableOptions {
  slots?: CrudSlots;
  tools?: CrudTools;
  /** Sent with every page or list request (a chosen department, a task's id). */
  filters?: Record<string, unknown>;
  /** The header instead of the entity's label. */
  title?: ReactNode;
  keywordPlaceholder?: string;
  /** ProTable props laid over the generic ones (size, scroll, options, tree rows, …). */
  table?: (ctx: SlotContext) => Partial<ProTableProps<Row, Record<string, unknown>>>;
  /**
   * Pages from another call of the entity than its `page`, with the same body and answer (the token
   * audit's `auditList`). The caller decides who may use it; export stays on `page`.
   */
  pageCall?: (body: Record<string, unknown>) => Promise<{ list?: Row[]; pagination?: { total?: number | string } }>;
  /** With row selection: which rows may be selected (the others show a disabled box). All by default. */
  rowSelectable?: (row: Row) => boolean;
  /** Shapes a page answer before it is shown (the request log's estimated total). */
  shapePage?: (answer: { list: Row[]; total: number }, body: Record<string, unknown>) => { list: Row[]; total: number };
  /** Shapes a list answer (rows into a tree). */
  shapeList?: (rows: Row[]) => Row[];
  /** Lets the screen reload the table after its own calls. */
  actionRef?: MutableRefObject<ActionType | undefined>;
}
