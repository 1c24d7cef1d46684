/**
 * The text field builders every form schema shares (the API validates with them, the console's forms use
 * the same ones), written once. Every message is a catalog key.
 */
import { z } from 'zod';

/** An empty form field ('', null) means "not given". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Text of at most `max` characters once trimmed; may be empty. */
export const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

/** Text that must be given: at least one character once trimmed, at most `max`. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** Text that may be left out ('' and null count as not given). */
export const optionalText = (max: number) => optional(text(max));
