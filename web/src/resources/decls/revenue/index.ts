/**
 * Console screens of the revenue statistics and transaction insight (issue 7) and the home dashboard (issue
 * 19), by route (registered in
 * web/src/resources/pages.tsx). Both are dashboards with charts, loaded when first shown (recharts stays
 * out of the main bundle).
 */
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { useTr } from '@web/resources/i18n.ts';

const LazyStat = lazy(() => import('./stat-revenue.tsx').then((m) => ({ default: m.StatRevenuePage })));
const LazyInsight = lazy(() => import('./insight.tsx').then((m) => ({ default: m.InsightPage })));
const LazyHome = lazy(() => import('./home.tsx').then((m) => ({ default: m.HomePage })));

function lazyRoute(Page: ComponentType, loading: string): ComponentType {
  function Loading() {
    const tr = useTr();
    return createElement(LoadingState, { label: tr(loading) });
  }
  function Route() {
    return createElement(Suspense, { fallback: createElement(Loading) }, createElement(Page));
  }
  return Route;
}

export const revenuePages: Record<string, ComponentType> = {
  '/home': lazyRoute(LazyHome, 'home.loading'),
  '/statRevenue': lazyRoute(LazyStat, 'revenueRes.stat.loading'),
  '/transcationInsight': lazyRoute(LazyInsight, 'revenueRes.insight.loading'),
};
