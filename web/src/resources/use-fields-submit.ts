/**
 * A dialog whose fields are sent to one call: the values typed, the shared schema's errors by field before
 * anything is sent, then the server's field errors (or its message) after, and the busy flag. On success it
 * says so and calls `onDone`.
 */
import { showMessage } from '@web/components/ui/toaster.tsx';
import { ApiError, call } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Field, Row } from '@web/resources/types.ts';
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
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure('');
    const body: Row = {};
    for (const f of options.fields) body[f.name] = fromInput(f, values[f.name]);
    const checked = validate(options.schema, body);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await call(options.url, checked.data);
      showMessage('success', tr(options.success));
      options.onDone();
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? (e.fields ?? {}) : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors as Record<string, string>);
      else setFailure(errorMessage(tr, e));
      setBusy(false);
    }
  };

  return { values, setValues, errors, failure, busy, submit };
}
