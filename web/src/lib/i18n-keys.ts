/**
 * Translating keys that arrive at run time (menu names from the server, zod messages), which the typed `t`
 * cannot check: the key when the catalog has it, else a readable fallback.
 */
import type { TFunction } from 'i18next';
import i18n from '@web/i18n.ts';

export function translateKey(t: TFunction, key: string, fallback?: string): string {
  if (!i18n.exists(key)) return fallback ?? key;
  return (t as unknown as (key: string) => string)(key);
}
