/**
 * i18next + react-i18next for the console. The chosen language is kept in localStorage under
 * `language` as the SPEC short code (en, cn, tw, de, th); English is the default.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  languageOf,
  languages,
  resolveLanguage,
  resources,
  type LanguageCode,
} from '@shared/i18n/index.ts';

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

void i18n.use(initReactI18next).init({
  resources,
  lng: languageOf(resolveLanguage(readStoredLanguage())).locale,
  fallbackLng: languageOf(defaultLanguage).locale,
  supportedLngs: languages.map((language) => language.locale),
  load: 'currentOnly',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});
i18n.on('languageChanged', reflectInDocument);
reflectInDocument();

/** The active language as a SPEC short code. */
export function currentLanguage(): LanguageCode {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switch language now and remember the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  storeLanguage(code);
  await i18n.changeLanguage(languageOf(code).locale);
}

export default i18n;
