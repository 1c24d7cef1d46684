/** Pieces the system declarations share: the update schema, write-only fields and their columns, flags. */
import type { Column, EnumOption, Field } from '@web/resources/types.ts';
import { z } from 'zod';

/**
 * The update form's schema of a declaration: its fields without the strictness (the edited record also holds
 * stored fields such as createTime or `apiKeySet`, which are dropped), and the id and version.
 */
export function updateSchemaOf(schema: z.ZodObject) {
  return z.object({ ...schema.shape, id: z.string().min(1), version: z.number().int() });
}

/** Whether a write-only value is stored (the API answers `{field}Set`, never the value). */
export const SECRET_OPTIONS: readonly EnumOption[] = [
  { value: 'true', label: 'systemRes.common.secretSet', tone: 'success' },
  { value: 'false', label: 'systemRes.common.secretNotSet', tone: 'neutral' },
];

export const secretColumn = (field: string, label: string, hidden = false): Column => ({
  key: `${field}Set`,
  label,
  kind: 'enum',
  options: SECRET_OPTIONS,
  hidden,
});

/** A write-only input: empty on edit, and left empty it keeps the stored value. */
export const secretField = (name: string, label: string): Field => ({
  name,
  label,
  kind: 'password',
  help: 'systemRes.common.keepSecret',
});

/** A 0/1 flag as a switch. */
export const flagSwitch = (name: string, label: string, help?: string): Field => ({
  name,
  label,
  kind: 'switch',
  switchValues: [1, 0],
  ...(help ? { help } : {}),
});

export const YES_NO_OPTIONS: readonly EnumOption[] = [
  { value: 1, label: 'systemRes.common.yes', tone: 'success' },
  { value: 0, label: 'systemRes.common.no', tone: 'neutral' },
];
