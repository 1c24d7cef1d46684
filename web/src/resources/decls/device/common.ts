/** Pieces the device declarations share: console schemas from the shared ones, options, columns. */
import { API } from '@shared/api/paths.ts';
import type { EnumOption } from '@web/resources/types.ts';
import { z } from 'zod';

/**
 * The update body the console validates: the shared (strict) schema with the record's id and version, keeping
 * only the fields the call takes (an edit starts from the whole loaded record: times, flags of secrets...).
 */
export function updateSchema(schema: z.ZodObject) {
  return schema.safeExtend({ id: z.string().min(1), version: z.number().int().optional() }).strip();
}

/** Options of fixed values, labelled `{prefix}.{value}`. */
export function optionsOf(values: readonly (string | number)[], prefix: string): EnumOption[] {
  return values.map((value) => ({ value, label: `${prefix}.${value}` }));
}

export const YES_NO: readonly EnumOption[] = [
  { value: 'true', label: 'deviceRes.common.yes', tone: 'info' },
  { value: 'false', label: 'deviceRes.common.no', tone: 'neutral' },
];

/** Whether a write-only secret is stored (the `{field}Set` flag the API sends instead of the value). */
export const STORED: readonly EnumOption[] = [
  { value: 'true', label: 'deviceRes.common.stored', tone: 'success' },
  { value: 'false', label: 'deviceRes.common.notStored', tone: 'neutral' },
];

/** Brands and models are the catalogue's (read by everyone). */
export const brandSource = {
  url: API.biz.brand.list,
  search: 'name',
  value: 'id',
  label: 'name',
  currentLabel: 'brandName',
};
export const modelSource = {
  url: API.biz.model.list,
  search: 'deviceModel',
  value: 'id',
  label: 'deviceModel',
  currentLabel: 'modelName',
};

/** A byte count as people read it. */
export function formatBytes(value: unknown): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
