/**
 * Form values in and out. Inputs hold strings (and arrays for multi-choice); the body sent is what the
 * declaration's zod schema makes of them, so the console validates with the very rules the API applies.
 */
import i18n from '@web/i18n.ts';
import { fromLocalInput, toLocalInput } from '@web/lib/format.ts';
import type { Field, FormMode, ResourceDecl, Row } from '@web/resources/types.ts';
import type { z } from 'zod';

export type FormValues = Record<string, unknown>;

export function fieldsFor(decl: ResourceDecl, mode: FormMode): Field[] {
  return (decl.fields ?? []).filter((f) => !f.modes || f.modes.includes(mode));
}

/** The value an input shows for a stored value. */
export function toInput(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'multiselect':
    case 'tree':
      return Array.isArray(value) ? value.map(String) : [];
    case 'switch':
      return field.switchValues ? value === field.switchValues[0] : Boolean(value);
    case 'datetime':
      return toLocalInput(value);
    case 'rows':
      // Each row's cells as text.
      return Array.isArray(value)
        ? value.map((row) =>
            Object.fromEntries(
              (field.rows?.columns ?? []).map((c) => [
                c.key,
                (row as Row)?.[c.key] === undefined || (row as Row)?.[c.key] === null
                  ? ''
                  : String((row as Row)[c.key]),
              ]),
            ),
          )
        : [];
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The value sent for an input's value; '' stays '' so the schema can say "required". */
export function fromInput(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'number':
      // '' must fail a required number, not coerce to 0
      return value === '' || value === undefined ? undefined : Number(value);
    case 'datetime':
      return fromLocalInput(String(value ?? ''));
    case 'switch':
      return field.switchValues ? field.switchValues[value ? 0 : 1] : Boolean(value);
    default:
      return value;
  }
}

/** Starting values: the declaration's defaults, then the record being edited. */
export function initialValues(decl: ResourceDecl, record?: Row): FormValues {
  const values: FormValues = {};
  for (const field of decl.fields ?? []) {
    values[field.name] = toInput(field, record?.[field.name] ?? decl.defaults?.[field.name]);
  }
  return values;
}

/**
 * The body before validation: on create the defaults, on edit the whole loaded record (so what the form
 * does not show is sent back unchanged; the schema drops what the call does not take), then every field's
 * value, and on edit the id and version the update needs.
 */
export function toBody(decl: ResourceDecl, mode: FormMode, values: FormValues, record?: Row): Row {
  const body: Row = mode === 'create' ? { ...decl.defaults } : { ...record };
  const fields = decl.fields ?? [];
  for (const field of fields) body[field.name] = fromInput(field, values[field.name]);
  // Values a remote pick assigned beside its own field (payUuid, payName).
  for (const [key, value] of Object.entries(values))
    if (!fields.some((f) => f.name === key)) body[key] = value;
  if (mode === 'edit' && record) {
    body[decl.idField] = record[decl.idField];
    if (record.version !== undefined) body.version = record.version;
  }
  return body;
}

/**
 * Errors as a form shows them: messages below a `rows` field stay on their cell (and the field's own message
 * then is theirs, so it is dropped); below any other field they are the field's.
 */
export function settleErrors(
  errors: Record<string, string>,
  fields: readonly Field[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const rowsFields = new Set(fields.filter((f) => f.kind === 'rows').map((f) => f.name));
  const nested = new Set<string>();
  for (const [key, message] of Object.entries(errors)) {
    if (!message) continue;
    const head = key.split('.')[0] ?? key;
    if (key === head) continue;
    if (rowsFields.has(head)) {
      out[key] = message;
      nested.add(head);
    } else out[head] ??= message;
  }
  for (const [key, message] of Object.entries(errors))
    if (message && !key.includes('.') && !nested.has(key)) out[key] ??= message;
  return out;
}

/** The messages of a `rows` field's cells, by `{index}.{key}` (what RowsEditor takes). */
export function cellErrors(errors: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`${name}.`))
      .map(([k, v]) => [k.slice(name.length + 1), v]),
  );
}

export type Validation = { ok: true; data: Row } | { ok: false; errors: Record<string, string> };

/**
 * Runs the schema; errors are i18n keys by field (the first message of each). An issue below a field (a
 * period of a list: `periods.1.endTime`) is also kept under its whole path, for editors of rows.
 */
export function validate(schema: z.ZodType | undefined, body: Row): Validation {
  if (!schema) return { ok: true, data: body };
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data as Row };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    // A catalog key (validation.* or a resource group's own) is shown translated; zod's own text is not.
    const message = i18n.exists(issue.message) ? issue.message : 'admin.common.invalid';
    if (issue.path.length > 1) errors[issue.path.map(String).join('.')] ??= message;
    errors[name] ??= message;
  }
  return { ok: false, errors };
}
