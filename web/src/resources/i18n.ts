/**
 * Translation of keys the compiler cannot check: labels of declarations, `validation.*` messages from
 * schemas, menu names from the server. A key the catalogs lack is shown as given, so a server message
 * passes through unchanged. (test/web/resources checks every declared key exists.)
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function useTr(): Translate {
  const { t, i18n } = useTranslation();
  return useCallback<Translate>(
    (key, values) => (key && i18n.exists(key) ? (t as unknown as Translate)(key, values) : key),
    [t, i18n],
  );
}
