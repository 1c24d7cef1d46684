/** Schema pieces the device catalogue's declarations share. Messages are catalog keys. */
import { z } from 'zod';

/** One of fixed values; nothing chosen reads "required", anything else "choose one of the offered values". */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'validation.required' : 'deviceRes.validation.option',
  });

/** A whole number in a range; `message` names the range (field errors carry no values). */
export const integer = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(min, { error: message })
    .max(max, { error: message });

/** An ISO 8601 date and time (UTC `Z` or with an offset), as the console's date inputs send it. */
export const isoDateTime = () => z.iso.datetime({ offset: true, error: 'validation.dateFormat' });

/** Whether a form value counts as given. */
export const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * OCPP 2.0.1 identifierString: letters, digits and `* - _ = : + | @ .` (case-insensitive); configuration
 * key, component and variable names use it.
 */
export const OCPP_IDENTIFIER = /^[A-Za-z0-9*\-_=:+|@.]+$/;

/** OCPP CiString: printable ASCII. */
export const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
