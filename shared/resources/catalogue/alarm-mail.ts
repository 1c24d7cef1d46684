/**
 * Alarm mail settings (docs/product.md sections 3 and 5, /alarmMail): a name, the consignees (e-mail
 * addresses separated by commas or spaces, each valid, stored as a list without repeats) and the alarm
 * template they are bound to (required; one the company can see).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** Addresses from text (comma, semicolon or white space between them) or a list, trimmed, repeats dropped. */
export function splitConsignees(value: unknown): unknown {
  const parts = typeof value === 'string' ? value.split(/[\s,;，；]+/) : value;
  if (!Array.isArray(parts)) return value;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') {
      out.push(part);
      continue;
    }
    const address = part.trim().toLowerCase();
    if (address && !seen.has(address)) {
      seen.add(address);
      out.push(address);
    }
  }
  return out;
}

const address = z
  .string()
  .max(60, { error: 'validation.tooLong' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'validation.emailFormat' });

export const consigneesSchema = z.preprocess(
  splitConsignees,
  z
    .array(address, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(50, { error: 'catalogueRes.validation.tooManyConsignees' }),
);

export const alarmMailSchema = z
  .object({
    name: requiredText(64),
    consignees: consigneesSchema,
    templateId: z
      .string({ error: 'catalogueRes.validation.templateRequired' })
      .trim()
      .min(1, { error: 'catalogueRes.validation.templateRequired' }),
  })
  .strict();

export const alarmMailResource = defineResource({
  module: 'biz',
  name: 'alarmMail',
  type: 'ALARMMAIL',
  label: 'catalogueRes.names.alarmMail',
  tenancy: 'tenant',
  permissions: {
    view: CODE.alarmMail,
    add: CODE.alarmMailEdit,
    edit: CODE.alarmMailEdit,
    del: CODE.alarmMailEdit,
  },
  schema: alarmMailSchema,
  filters: { name: 'contains', templateId: 'eq' },
  sortable: ['name'],
  views: [{ sort: 'createTime' }, { eq: ['templateId'], sort: 'name' }],
});
