/**
 * The console's languages, without their catalogues. docs/product.md: English is the default; the options are
 * en, cn, tw, de, th; every call sends content-language and accept-language as en-us, zh-cn, zh-tw,
 * de-de or th-th; the choice is kept locally (the web stores the short code under `language`).
 * The web imports this module, not index.ts, so no catalogue comes with it (web/src/i18n.ts loads the
 * chosen language's alone).
 */
export interface Language {
  /** Short code of docs/product.md section 9, the value stored locally. */
  code: string;
  /** i18next language (BCP 47, canonical casing); also used for Intl formatting and `<html lang>`. */
  locale: string;
  /** Value of the content-language and accept-language request headers. */
  header: string;
  /** The language's name in itself, as shown in the language select. */
  label: string;
}

export const languages = [
  { code: 'en', locale: 'en', header: 'en-us', label: 'English' },
  { code: 'cn', locale: 'zh-CN', header: 'zh-cn', label: '简体中文' },
  { code: 'tw', locale: 'zh-TW', header: 'zh-tw', label: '繁體中文' },
  { code: 'de', locale: 'de', header: 'de-de', label: 'Deutsch' },
  { code: 'th', locale: 'th', header: 'th-th', label: 'ไทย' },
] as const satisfies readonly Language[];

export type LanguageCode = (typeof languages)[number]['code'];
export type Locale = (typeof languages)[number]['locale'];

export const defaultLanguage: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return languages.some((language) => language.code === value);
}

export function languageOf(code: LanguageCode): (typeof languages)[number] {
  // `languages` covers every LanguageCode, so the fallback only satisfies the compiler.
  return languages.find((language) => language.code === code) ?? languages[0];
}

/**
 * Best language for a loosely given value: a short code (`cn`), an i18next locale (`zh-CN`), a header
 * value (`zh-cn`) or a browser language (`de-AT`, `zh-Hant-TW`). Anything else is the default.
 */
export function resolveLanguage(value: string | null | undefined): LanguageCode {
  if (!value) return defaultLanguage;
  const wanted = value.trim().toLowerCase();
  const exact = languages.find(
    (l) => l.code === wanted || l.locale.toLowerCase() === wanted || l.header === wanted,
  );
  if (exact) return exact.code;
  if (wanted.startsWith('zh')) {
    return /(^|-)(hant|tw|hk|mo)(-|$)/.test(wanted) ? 'tw' : 'cn';
  }
  const primary = wanted.split('-')[0];
  return languages.find((l) => l.locale === primary)?.code ?? defaultLanguage;
}

/** The language request headers docs/product.md section 7 asks every call to send. */
export function languageHeaders(code: LanguageCode): {
  'content-language': string;
  'accept-language': string;
} {
  const { header } = languageOf(code);
  return { 'content-language': header, 'accept-language': header };
}
