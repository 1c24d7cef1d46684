/**
 * Server messages in the caller's language: the same catalogs as the console (shared/i18n), chosen by the
 * request's content-language / accept-language header. Messages are catalog keys (`server.*`,
 * `validation.*`); anything that is not a key is passed through as is.
 */
import { languageOf, resolveLanguage, resources } from '@shared/i18n/index.ts';

function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translate(
  language: string | undefined,
  key: string,
  values: Record<string, unknown> = {},
): string {
  const locale = languageOf(resolveLanguage(language)).locale;
  const text =
    lookup(resources[locale as keyof typeof resources].translation, key) ??
    lookup(resources.en.translation, key) ??
    key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}
