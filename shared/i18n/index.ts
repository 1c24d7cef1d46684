/**
 * The console's languages and their catalogs: the language list (languages.ts) and every catalogue as
 * i18next resources, for the server (functions/lib/i18n.ts) and the tests. The web loads one catalogue at a
 * time instead (web/src/i18n.ts).
 */
import { de } from './de.ts';
import { en, type Catalog } from './en.ts';
import type { Locale } from './languages.ts';
import { th } from './th.ts';
import { zhCN } from './zh-CN.ts';
import { zhTW } from './zh-TW.ts';

export type { Catalog } from './en.ts';
export * from './languages.ts';

/** i18next resources, keyed by locale, one `translation` namespace each. */
export const resources: Record<Locale, { translation: Catalog }> = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
  de: { translation: de },
  th: { translation: th },
};
