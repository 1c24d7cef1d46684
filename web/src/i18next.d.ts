// Typed translation keys: `t('status.title')` is checked against the English catalog.
import 'i18next';
import type { Catalog } from '@shared/i18n/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
    returnNull: false;
  }
}
