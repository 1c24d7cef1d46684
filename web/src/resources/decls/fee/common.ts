/** Pieces the fee declarations share: the read-only currency, the body schemas of the forms. */
import type { Column, Field, ResourceDecl } from '@web/resources/types.ts';
import { z } from 'zod';

export const F = 'feeRes';

/** The currency is the company's, set by the server: shown, never sent. */
export const currencyColumn: Column = { key: 'currency', label: `${F}.common.currency` };
export const currencyField: Field = {
  name: 'currency',
  label: `${F}.common.currency`,
  kind: 'text',
  modes: ['edit'],
  readOnly: true,
  help: `${F}.common.currencyHelp`,
};

/** Shown on edit, never sent: the validated body drops it (the API refuses a currency). */
const notSent = z
  .unknown()
  .optional()
  .transform(() => undefined);

/**
 * The bodies the forms validate: the shared schema (the very rules of the API) without what the call does
 * not take (the loaded record's times, names kept for lists), with the id and version on edit.
 */
export function formSchemas(schema: z.ZodObject): NonNullable<ResourceDecl['schemas']> {
  return {
    create: schema.strip(),
    update: schema
      .safeExtend({ id: z.string().min(1), version: z.number().int().optional(), currency: notSent })
      .strip(),
  };
}
