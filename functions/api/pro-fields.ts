/**
 * Pro-only fields of a record (docs/decisions/465). Without the Pro package a field keeps what it was (its
 * default on a new record); a request that tries to change it is refused with the field named and the Pro
 * message, rather than saved without it and without a word.
 */
import { badRequest } from '@functions/lib/errors.ts';

/** Unset in any of the forms a form sends for "nothing": no pictures, switch off, no fee, no scope. */
const unset = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  value === '' ||
  (Array.isArray(value) && !value.length);

const same = (a: unknown, b: unknown) => (unset(a) ? unset(b) : JSON.stringify(a) === JSON.stringify(b));

/** Keeps each field of `defaults` as stored (or its default); refuses the request if it changes one. */
export function keepProFields(
  record: Record<string, unknown>,
  current: Record<string, unknown> | undefined,
  defaults: Record<string, unknown>,
): void {
  const refusedFields: Record<string, string> = {};
  for (const [field, fallback] of Object.entries(defaults)) {
    const kept = current ? current[field] : fallback;
    if (field in record && !same(record[field], kept)) refusedFields[field] = 'server.proOnly';
    record[field] = kept;
  }
  if (Object.keys(refusedFields).length) throw badRequest('server.validation', refusedFields);
}
