/**
 * A declared form's state (types.ts FieldsForm): the values typed, the shared schema's errors by field before
 * anything is sent, then the server's field errors (or its message) after, and the busy flag.
 */
import { call } from '@web/lib/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { FieldsForm, Row } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { fromInput, validate } from '@web/resources/values.ts';
import { useState } from 'react';

export function useFieldsSubmit(
  form: FieldsForm,
  options: {
    row: Row;
    /** The fields shown now, when they depend on the values (else the form's). */
    fields?: FieldsForm['fields'];
    /** Called with the translated success message. */
    onDone: (message: string) => void;
  },
) {
  const tr = useTr();
  const { row } = options;
  const fields = options.fields ?? form.fields;
  const [values, setValues] = useState<Row>(() => form.initial?.(row) ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, run } = useSubmit();
  const shown = (name: string) => fields.some((f) => f.name === name);

  const submit = async () => {
    setFailure('');
    const body: Row = { ...form.fixed?.(row) };
    for (const f of fields) body[f.name] = fromInput(f, values[f.name]);
    const checked = validate(form.schema, body);
    // A required field left empty says so, whatever the schema makes of a missing value.
    const missing = fields.filter((f) => f.required && isEmpty(body[f.name]));
    const found: Record<string, string> = { ...(checked.ok ? {} : checked.errors) };
    for (const [name, message] of Object.entries(form.check?.(body) ?? {}))
      if (message) found[name] = message;
    for (const f of missing) found[f.name] = 'validation.required';
    const byField = Object.fromEntries(Object.entries(found).filter(([name]) => shown(name)));
    setErrors(byField);
    if (Object.keys(found).length) {
      // An error of a value the form does not show (the row's id) has no field to stand under.
      if (!Object.keys(byField).length) setFailure(tr(Object.values(found)[0] ?? 'admin.common.invalid'));
      return;
    }
    const data = checked.ok ? (checked.data as Row) : body;
    await run(
      async () => {
        const answer = await call(
          form.url,
          form.prepare ? await form.prepare(data) : data,
          form.query?.(row),
        );
        const said = form.done(answer, data);
        options.onDone(tr(said.message, said.values));
      },
      { onFields: fieldErrorsInto(setErrors) },
    );
  };

  /** Typing in a field clears its error. */
  const change = (name: string, value: unknown) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  return { values, setValues, change, errors, failure, busy, submit };
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

/** `onFields` for a form that shows every field error the server names. */
export function fieldErrorsInto(setErrors: (errors: Record<string, string>) => void) {
  return (fields: Record<string, string>) => {
    if (!Object.keys(fields).length) return false;
    setErrors(fields);
    return true;
  };
}
