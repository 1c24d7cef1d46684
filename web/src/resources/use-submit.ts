/**
 * The busy flag and failure line of an action dialog, in one place: `run` clears the last failure, marks the
 * dialog busy and runs the work; a throw shows why (unless `onFields` takes the server's field errors) and frees
 * the dialog again. A success leaves it busy: the dialog is closing (`stay` frees it when it stays open).
 */
import { ApiError } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import { useState } from 'react';

export type SubmitOptions = {
  /** The server's per-field messages; true when they were shown by field (no failure line then). */
  onFields?: (fields: Record<string, string>) => boolean;
  /** The dialog stays open after a success (it shows a result), so it is not busy any more. */
  stay?: boolean;
};

export function useSubmit() {
  const tr = useTr();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  /** True when `work` went through. */
  const run = async (work: () => Promise<void>, options: SubmitOptions = {}): Promise<boolean> => {
    setFailure('');
    setBusy(true);
    try {
      await work();
      if (options.stay) setBusy(false);
      return true;
    } catch (e) {
      const fields = e instanceof ApiError ? (e.fields ?? {}) : {};
      if (!options.onFields?.(fields)) setFailure(errorMessage(tr, e));
      setBusy(false);
      return false;
    }
  };

  return { busy, failure, setFailure, run };
}

/** Field errors of a form as `onFields` takes them: those the form shows by field, none if it shows none. */
export function knownFields(
  names: readonly string[],
  fields: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter(([name, message]) => names.includes(name) && typeof message === 'string'),
  );
}

/** `onFields` for a one-field dialog: the server's message for that field shows under it. */
export function oneFieldInto(name: string, setError: (message: string) => void) {
  return (fields: Record<string, string>) => {
    const message = fields[name];
    if (typeof message !== 'string') return false;
    setError(message);
    return true;
  };
}
