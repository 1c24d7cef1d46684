/** Console screens of the alarms, by route (registered in web/src/resources/pages.tsx). */
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { listPageOf } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmDecl } from './alarm.tsx';
import { alarmOfflineDecl } from './offline.tsx';

export const alarmDecls: ResourceDecl[] = [alarmDecl, alarmOfflineDecl];

/** The statistics page with its charts, loaded when first shown (recharts stays out of the main bundle). */
const LazyChart = lazy(() => import('./chart.tsx').then((m) => ({ default: m.AlarmChartPage })));
function ChartLoading() {
  const { t } = useTranslation();
  return createElement(LoadingState, { label: t('alarmRes.chart.loading') });
}
function AlarmChartRoute() {
  return createElement(Suspense, { fallback: createElement(ChartLoading) }, createElement(LazyChart));
}

export const alarmPages: Record<string, ComponentType> = {
  '/alarm': listPageOf(alarmDecl),
  '/alarmOffline': listPageOf(alarmOfflineDecl),
  '/alarmChart': AlarmChartRoute,
};
