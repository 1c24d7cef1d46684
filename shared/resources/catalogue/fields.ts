/** Field builders the catalogue declarations share; every message is a catalog key. */
import { z } from 'zod';

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/** Form inputs arrive as text: '' is "not given", other text is read as a number. */
const toNumber = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v);

const number = (notANumber: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : notANumber) });

/** A whole number from min to max. */
export const int = (min: number, max: number) =>
  number('validation.integer')
    .int({ error: 'validation.integer' })
    .min(min, { error: 'catalogueRes.validation.range' })
    .max(max, { error: 'catalogueRes.validation.range' });

/** A number from min to max with at most two decimals. */
export const dec = (min: number, max: number) =>
  number('catalogueRes.validation.number')
    .min(min, { error: 'catalogueRes.validation.range' })
    .max(max, { error: 'catalogueRes.validation.range' })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      error: 'catalogueRes.validation.twoDecimals',
    });

export const requiredNumber = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema);
export const optionalNumber = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema.optional());

/** One of a set of numeric codes (a select sends it as text). */
export const numericChoice = (values: readonly number[]) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: 'validation.required' })
      .refine((n) => values.includes(n), { error: 'validation.required' }),
  );

export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'validation.required' });

/** A yes/no value (a switch sends a boolean; an import may send 0/1 or text). */
export const flag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: 'validation.required' }),
);
