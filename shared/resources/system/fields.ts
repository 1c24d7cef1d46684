/** Field builders the system declarations share; every message is a catalog key. */
import { z } from 'zod';
import { optional, optionalText, requiredText, text } from '@shared/schemas/fields.ts';
import { email as emailFormat, phone as phoneFormat } from '@shared/schemas/identity.ts';

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/** Form inputs arrive as text: '' is "not given", other text is read as a number. */
const toNumber = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v);

/** A number (text from a form is read as one); `message` when it is not one or out of range. */
export const requiredNumber = (message: string, check: (n: number) => boolean) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : message) })
      .refine((n) => Number.isFinite(n) && check(n), { error: message }),
  );

/**
 * A 0/1 flag (docs/product.md section 3: autoRefundFlag 0 manual / 1 auto, useFlag 0 unused / 1 used, enable
 * and ssl flags). A switch sends the number; a select, a list filter or an import may send it as text.
 */
export const flag = (fallback: 0 | 1) =>
  z.coerce
    .number({ error: 'systemRes.validation.flag' })
    .int({ error: 'systemRes.validation.flag' })
    .min(0, { error: 'systemRes.validation.flag' })
    .max(1, { error: 'systemRes.validation.flag' })
    .default(fallback);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** An http(s) address. */
export const url = (max = 255) => requiredText(max).refine(isHttpUrl, { error: 'systemRes.validation.url' });
export const optionalUrl = (max = 255) =>
  optional(text(max).refine(isHttpUrl, { error: 'systemRes.validation.url' }));

/** A write-only value (a key, a token, a password): stored, never answered. */
export const secret = (max = 500) => optionalText(max);

export const optionalEmail = optional(emailFormat);
export const requiredEmail = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .pipe(emailFormat);
export const optionalPhone = optional(phoneFormat);

/** A code of letters, digits and `_ . -`. */
export const code = (max: number) =>
  requiredText(max).regex(/^[A-Za-z0-9_.-]+$/, { error: 'validation.codeFormat' });
