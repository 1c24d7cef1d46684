/**
 * A dialog whose fields are sent to one call: the values typed, the shared schema's errors by field before
 * anything is sent, then the server's field errors (or its message) after, and the busy flag. On success it
 * says so and calls `onDone`.
 */
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Field, Row } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { fromInput, validate } from '@web/resources/values.ts';
import { useState } from 'react';
import type { z } from 'zod';

export function useFieldsSubmit(options: {
  /** The fields shown now (their values make the body). */
  fields: readonly Field[];
  schema: z.ZodType;
  url: string;
  /** i18n key of the success message. */
  success: string;
  onDone: () => void;
  initial?: Row;
}) {
  const tr = useTr();
  const [values, setValues] = useState<Row>(options.initial ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, run } = useSubmit();

  const submit = async () => {
    setFailure('');
    const body: Row = {};
    for (const f of options.fields) body[f.name] = fromInput(f, values[f.name]);
    const checked = validate(options.schema, body);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    await run(
      async () => {
        await call(options.url, checked.data);
        showMessage('success', tr(options.success));
        options.onDone();
      },
      { onFields: fieldErrorsInto(setErrors) },
    );
  };

  return { values, setValues, errors, failure, busy, submit };
}

/** `onFields` for a form that shows every field error the server names. */
export function fieldErrorsInto(setErrors: (errors: Record<string, string>) => void) {
  return (fields: Record<string, string>) => {
    if (!Object.keys(fields).length) return false;
    setErrors(fields);
    return true;
  };
}
