/** A route's title: its own title key (detail pages), else its menu name (`menu.m{code}`). */
import type { RouteHandle } from '@web/layout/route-handle.ts';
import { translateKey } from '@web/lib/i18n-keys.ts';
import { useTranslation } from 'react-i18next';

export function usePageTitle(handle: Pick<RouteHandle, 'code' | 'titleKey'>): string {
  const { t } = useTranslation();
  if (handle.titleKey) return t(handle.titleKey);
  if (handle.code) return translateKey(t, `menu.m${handle.code}`, handle.code);
  return t('app.name');
}
