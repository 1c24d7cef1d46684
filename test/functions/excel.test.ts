/** Cells of an Excel import (or select filters sent as text) become the types the schema fields take. */
import { expect, it } from 'vitest';
import { z } from 'zod';
import { coerceRow } from '@functions/lib/excel.ts';
it('coerces through preprocess, defaults and coerce', () => {
  const shape = {
    a: z.preprocess((v) => (v === '' ? undefined : v), z.number().optional()),
    b: z.boolean().default(true),
    c: z.coerce.number(),
    d: z.string().trim().pipe(z.email()),
    e: z.array(z.string()),
  };
  expect(coerceRow(shape, { a: '3', b: 'FALSE', c: '7', d: 5, e: '["x"]' })).toEqual({
    a: 3,
    b: false,
    c: 7,
    d: '5',
    e: ['x'],
  });
});
