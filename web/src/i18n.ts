/**
 * i18next + react-i18next for the console. The chosen language is kept in localStorage under
 * `language` as the short code of docs/product.md section 9 (en, cn, tw, de, th); English is the default.
 * Only the chosen language's catalogue is loaded, in two parts (web/src/catalogues/parts.ts): the core part
 * before the first render (this module waits for it), the console part with the first page beyond the login
 * pages (web/src/console-parts.ts); another language's when the language is switched. Each part of each
 * language is a chunk of its own (web/src/catalogues/plugin.ts).
 */
import type { Catalog } from '@shared/i18n/en.ts';
import type { CataloguePart } from '@web/catalogues/parts.ts';
import {
  defaultLanguage,
  languageOf,
  languages,
  resolveLanguage,
  type LanguageCode,
  type Locale,
} from '@shared/i18n/languages.ts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'language';

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy mode): fall back to the default
  }
}

function storeLanguage(code: LanguageCode): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // not persisted, but the switch still applies to this tab
  }
}

/** Keep `<html lang>` and the tab title in the active language. */
function reflectInDocument(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = languageOf(currentLanguage()).locale;
  document.title = i18n.t('app.name');
}

type Part = Partial<Catalog>;
const load = (m: Promise<{ default: Part }>) => m.then((module) => module.default);

/** Each language's two catalogue parts (web/src/catalogues/parts.ts), each a chunk of its own. */
const catalogues: Record<Locale, Record<CataloguePart, () => Promise<Part>>> = {
  en: {
    core: () => load(import('@web/catalogues/core-en.ts')),
    console: () => load(import('@web/catalogues/console-en.ts')),
  },
  'zh-CN': {
    core: () => load(import('@web/catalogues/core-zh-CN.ts')),
    console: () => load(import('@web/catalogues/console-zh-CN.ts')),
  },
  'zh-TW': {
    core: () => load(import('@web/catalogues/core-zh-TW.ts')),
    console: () => load(import('@web/catalogues/console-zh-TW.ts')),
  },
  de: {
    core: () => load(import('@web/catalogues/core-de.ts')),
    console: () => load(import('@web/catalogues/console-de.ts')),
  },
  th: {
    core: () => load(import('@web/catalogues/core-th.ts')),
    console: () => load(import('@web/catalogues/console-th.ts')),
  },
};

/** The parts loaded for every language: the core part always, the console part once a page needed it. */
const wantedParts = new Set<CataloguePart>(['core']);
const loadedParts = new Set<string>();

async function loadParts(locale: Locale): Promise<void> {
  await Promise.all(
    [...wantedParts].map(async (part) => {
      if (loadedParts.has(`${locale}:${part}`)) return;
      i18n.addResourceBundle(locale, 'translation', await catalogues[locale][part](), true, true);
      loadedParts.add(`${locale}:${part}`);
    }),
  );
}

const initialLocale = languageOf(resolveLanguage(readStoredLanguage())).locale;

// Top-level await: whatever imports this module (the console, a test) starts with the core part loaded.
await i18n.use(initReactI18next).init({
  resources: { [initialLocale]: { translation: await catalogues[initialLocale].core() } },
  lng: initialLocale,
  fallbackLng: languageOf(defaultLanguage).locale,
  supportedLngs: languages.map((language) => language.locale),
  load: 'currentOnly',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});
loadedParts.add(`${initialLocale}:core`);
/** The language last asked for (changeLanguage). */
let wanted: Locale = initialLocale;
i18n.on('languageChanged', reflectInDocument);
reflectInDocument();

/** Loads the console part of the catalogue (of the language shown or being switched to, and any later). */
export async function loadConsoleCatalogue(): Promise<void> {
  wantedParts.add('console');
  const shown = languageOf(currentLanguage()).locale;
  await Promise.all([...new Set([shown, wanted])].map(loadParts));
}

/** The active language as a short code of docs/product.md section 9. */
export function currentLanguage(): LanguageCode {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Switch language once its catalogue is loaded, and remember the choice. Of two switches made quickly, the
 * later one wins even if its catalogue arrives first. Rejects when the catalogue cannot be loaded.
 */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  const { locale } = languageOf(code);
  wanted = locale;
  await loadParts(locale);
  if (wanted !== locale) return;
  storeLanguage(code);
  await i18n.changeLanguage(locale);
}

export default i18n;
