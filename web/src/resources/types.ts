/**
 * The resource registry's vocabulary. One `ResourceDecl` per entity describes its API, permission codes,
 * schemas, columns, filters, form fields and actions; the generic components (list page, form drawer,
 * detail view) turn it into screens. Every label is an i18n key, translated where it is shown.
 */
import type { ApiPath } from '@shared/api/paths.ts';
import type { Needed } from '@web/resources/permissions.ts';
import type { Tone } from '@web/lib/health.ts';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';

export type Row = Record<string, unknown>;

/** A value with its label (an i18n key unless `raw`), e.g. a status or a select option. */
export interface EnumOption {
  value: string | number;
  label: string;
  /** The label is shown as is (a currency code, a name from the server). */
  raw?: boolean;
  tone?: Tone;
  /** A select offers the option only to holders of this code (a Pro-only fee type). */
  permission?: string;
}

/** How a value is shown in a table cell or a detail view. */
export type ValueKind = 'text' | 'date' | 'enum' | 'tags' | 'number' | 'percent' | 'code';

export interface Column {
  key: string;
  label: string;
  kind?: ValueKind;
  options?: readonly EnumOption[];
  /** The header sorts the list on the server (`orderBy` = this key, `order` asc/desc). */
  sortable?: boolean;
  /** Off until switched on in the column chooser. */
  hidden?: boolean;
  /** A cell that is more than a value: a link, a composite. */
  render?: (row: Row) => ReactNode;
}

export type DetailField = Omit<Column, 'sortable' | 'hidden'>;

/** A searchable, paged list behind a select (docs/product.md section 9: page size 10, first page 1). */
export interface RemoteSource {
  url: ApiPath;
  /** Body field the typed text is sent in. */
  search: string;
  /** Record fields of the option value and label. */
  value: string;
  label: string;
  /** Fixed body fields. */
  body?: Row;
  /** Field of the edited record that holds the label of its current value (e.g. parentName for parentId). */
  currentLabel?: string;
  /** Other form values set from the picked record (a pay channel sets payId, payUuid and payName). */
  assign?: (picked: Row | null) => Row;
}

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'remote'
  | 'multiselect'
  | 'tree'
  | 'switch'
  | 'datetime'
  | 'rows';

export interface TreeNode {
  id: string;
  name: string;
  children?: TreeNode[];
}

export type FormMode = 'create' | 'edit';

/** One column of a `rows` field: a text input per row. */
export interface RowsColumn {
  key: string;
  /** Column header (i18n key); no header row when no column has one. */
  label?: string;
  /** Accessible name of the row's input (i18n key with `{{n}}`, the row's number). */
  cellLabel: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  maxLength?: number;
}

/** A list of rows edited in place (time-of-use periods): columns, the new row, labels, limits. */
export interface RowsSpec {
  columns: readonly RowsColumn[];
  /** The row "add" appends, given the rows so far. */
  newRow: (rows: readonly Row[]) => Row;
  /** i18n keys: add button, remove button (with `{{n}}`), text when empty. */
  addLabel: string;
  removeLabel: string;
  emptyLabel: string;
  /** No "add" beyond this many rows. */
  max?: number;
}

export interface Field {
  name: string;
  label: string;
  kind: FieldKind;
  /** Shown with a required mark (the schema decides what is really required). */
  required?: boolean;
  help?: string;
  /** Forms the field appears in; both when absent. */
  modes?: readonly FormMode[];
  /** Permission needed to see or change it; without it the loaded value is kept unchanged. */
  permission?: string;
  /** Shown but not editable: the loaded value goes back unchanged (a balance only recharges change). */
  readOnly?: boolean;
  /** select and multiselect: static options. */
  options?: readonly EnumOption[];
  /** multiselect: options from the server. */
  loadOptions?: () => Promise<EnumOption[]>;
  /** remote: the searchable paged list. */
  remote?: RemoteSource;
  /** tree: the nodes and the ids checked for the edited record (undefined when creating). */
  loadTree?: (record: Row | undefined) => Promise<{ nodes: TreeNode[]; checked: string[] }>;
  /** switch: the values sent for on and off. */
  switchValues?: readonly [on: unknown, off: unknown];
  /** rows: the columns and labels of the list. */
  rows?: RowsSpec;
  /** Shown only while the form's values satisfy it (periods only with time sharing on). */
  when?: (values: Row) => boolean;
}

/** What an action may do besides its own call: reload the list, say that it worked. */
export interface ActionContext {
  refresh: () => void;
  /** A success message (an i18n key or text). */
  notify: (message: string) => void;
  navigate: (to: string) => void;
}

/** A dialog opened from a row (reset password, station binding). */
export interface RowDialogProps {
  row: Row;
  onClose: () => void;
  /** Closes the dialog, says `message` and reloads the list. */
  onDone: (message: string) => void;
}
export type RowDialog = ComponentType<RowDialogProps>;

export interface RowAction {
  key: string;
  /** i18n key; may depend on the row (enable / disable). */
  label: (row: Row) => string;
  /** A code, or codes of which any one shows the action. */
  permission?: Needed;
  visible?: (row: Row) => boolean;
  danger?: boolean;
  /** Asks first, with this message (key and values). */
  confirm?: (row: Row) => { message: string; values?: Record<string, unknown> };
  run?: (row: Row, ctx: ActionContext) => Promise<void> | void;
  /** A dialog the declaration cannot say (a wizard, a checklist); prefer `form`. */
  dialog?: RowDialog;
  /** A form of fields sent to one call, declared (see FieldsForm). */
  form?: FieldsForm;
}

/** An i18n key with its values. */
export interface Phrase {
  message: string;
  values?: Record<string, unknown>;
}

/**
 * Fields sent to one call, as a dialog (a row action's `form`, or a toolbar's): the values typed are checked
 * with the API's own schema before anything is sent, the server's field errors show under their fields and
 * any other failure above them; success closes the dialog with `done`'s message.
 */
export interface FieldsForm {
  /** Title, an i18n key, with values from the row. */
  title: (row: Row) => Phrase;
  /** A line above the fields, if it has something to say: a phrase, or text shown as it is (a user's). */
  intro?: (row: Row) => Phrase | string | null;
  fields: readonly Field[];
  /** Field values when the dialog opens. */
  initial?: (row: Row) => Row;
  /** Body values taken from the row (its id, its version), beside the fields'. */
  fixed?: (row: Row) => Row;
  schema: z.ZodType;
  /** Checks the schema cannot make (two passwords equal), by field; they replace the schema's message. */
  check?: (body: Row) => Record<string, string | undefined>;
  /** The body as sent, made from the checked one (a password encrypted). */
  prepare?: (body: Row) => Promise<Row> | Row;
  url: ApiPath;
  /** Query parameters of the call, from the row. */
  query?: (row: Row) => Record<string, string>;
  /** i18n key of the submit button (else Save). */
  submitLabel?: string;
  /** i18n key of the heading above a failure. */
  failureTitle?: string;
  /** What success says, from the call's answer and the body sent. */
  done: (answer: unknown, body: Row) => Phrase;
  /** Scopes the fields' server option loads. */
  scope: string;
  /** Values of the field error messages (a maximum). */
  errorValues?: Record<string, unknown>;
}

/** The context an extension of the list toolbar gets, e.g. export of the current filter. */
export interface ListContext {
  /** The filters as the list call sends them (without paging). */
  query: Row;
  total: number;
  /** The rows ticked on the current page (ticking needs the delete code). */
  selected?: readonly Row[];
}

export interface ResourceDecl {
  id: string;
  title: string;
  /**
   * The calls behind the screens, from the API's paths (shared/api/paths.ts): a declared resource's
   * `resourcePaths` (see `fromResource`), else the ones it has. Without `info` the list row is the whole
   * record; an `exportable` declaration names its `export`, an `importable` one its `template` and `import`
   * (test/web/api-paths.test.ts checks both, and that each is a route of the API).
   */
  api: {
    list: ApiPath;
    info?: ApiPath;
    add?: ApiPath;
    update?: ApiPath;
    del?: ApiPath;
    export?: ApiPath;
    template?: ApiPath;
    import?: ApiPath;
    /** Query parameter naming the record for info and del (`id`, `userId`). */
    idParam?: string;
  };
  idField: string;
  /** Field shown in confirmations ("Delete role Ops?"). */
  nameField: string;
  /** `import`: the Excel import's own code where it has one (else the add code). */
  permissions: {
    view?: string;
    add?: string;
    edit?: string;
    delete?: string;
    detail?: string;
    import?: string;
    /**
     * The codes an export needs, all of them (when none are named: the view code and the Pro file export 9100,
     * as the server asks: data export is Pro).
     */
    export?: readonly string[];
  };
  schemas?: { create?: z.ZodType; update?: z.ZodType };
  columns: readonly Column[];
  filters?: readonly Field[];
  fields?: readonly Field[];
  /** Values a new record starts with (also sent when no field shows them). */
  defaults?: Row;
  /** The detail view; none means no detail action. */
  detail?: readonly DetailField[];
  actions?: readonly RowAction[];
  /** Whether a row may be edited and deleted at all (a company sees platform roles it may not change). */
  canChange?: (row: Row) => boolean;
  /** A refusal message (i18n key and values) when a record may not be deleted yet; null to go on. */
  beforeDelete?: (row: Row) => Promise<{ message: string; values?: Record<string, unknown> } | null>;
  /** The form's body in the API's shape before it is validated (a list typed as text, rows a switch hid). */
  beforeValidate?: (body: Row, mode: FormMode) => Row;
  /**
   * The form's failure title when saving fails (an i18n key: alarm mail's "binding failed", docs/product.md
   * section 8); "Could not save" when none is named.
   */
  saveFailed?: string;
  /** Last change of a validated body before it is sent (encrypt a password). */
  beforeSave?: (body: Row, mode: FormMode) => Promise<Row>;
  /** The list reads itself again every few seconds while a shown row is in this state (a running export). */
  refreshWhile?: (row: Row) => boolean;
  /** Extension point of the list toolbar. */
  toolbar?: ComponentType<ListContext>;
  /** Excel export of the current filter through the exports queue (`{base}/export`; /fileExport lists it). */
  exportable?: boolean;
  /** Excel import with template and per-row report (`{base}/template`, `{base}/import`). */
  importable?: boolean;
}
