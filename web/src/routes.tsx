/**
 * Every route of SPEC.md section 2, under the basename /charge.
 * - Public: /login, /logincommon, /privacy/ (+ /privacy/{lang}), /status (platform health).
 * - Subscription wizard: /subsplan. A fleet account (fleet token) signs in to the same layout, where its
 *   menus are its fleet's: /vehicle/dashbord and the fleet pages (decision 366).
 * - Authenticated, in the main layout: every menu page of shared/permissions/menus.ts, the detail routes,
 *   / → /home and /order → /order/chargeOrder. Unauthenticated visitors go to /login.
 * Each page is the resource registry's screen for the route (web/src/resources/pages.tsx) when there is
 * one, else a "not available yet" page. Kept routes (keepAlive '1') are rendered by the layout itself so
 * they stay mounted (layout/kept-pages.tsx).
 */
import { CODE, detailRouteCodes, menuCatalogue } from '@shared/permissions/menus.ts';
import { ApiEvents } from '@web/auth/api-events.tsx';
import { RequireAuth } from '@web/auth/guards.tsx';
import { AppLayout } from '@web/layout/app-layout.tsx';
import type { RouteHandle, TitleKey } from '@web/layout/route-handle.ts';
import { LoginCommonPage } from '@web/pages/login-common-page.tsx';
import { LoginPage } from '@web/pages/login-page.tsx';
import { NotAvailablePage } from '@web/pages/not-available-page.tsx';
import { NotFoundPage } from '@web/pages/not-found-page.tsx';
import { PrivacyPage } from '@web/pages/privacy-page.tsx';
import { PublicStatusPage } from '@web/pages/public-status-page.tsx';
import { RouteErrorPage } from '@web/pages/route-error-page.tsx';
import { SubscriptionPage } from '@web/pages/subscription-page.tsx';
import { resourcePages } from '@web/resources/pages.tsx';
import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';

interface PageRoute {
  path: string;
  /** Menu code: the page's own, or for a detail route the code that opens it. */
  code: string;
  titleKey?: TitleKey;
  kept?: boolean;
  hideTabs?: boolean;
  /** Kept routes that show the same screen share one instance. */
  keptKey?: string;
}

/** Detail routes (SPEC.md section 2) and the code each belongs to (shared/permissions/menus.ts). */
const detailRoutes: { path: string; base: string; titleKey: TitleKey }[] = [
  { path: '/stationDetail/:id', base: '/stationDetail', titleKey: 'shell.titles.stationDetail' },
  { path: '/chargerDetail/:id', base: '/chargerDetail', titleKey: 'shell.titles.chargerDetail' },
  { path: '/energyBoxDetail/:str', base: '/energyBoxDetail', titleKey: 'shell.titles.energyBoxDetail' },
  { path: '/orderDetail/:id', base: '/orderDetail', titleKey: 'shell.titles.orderDetail' },
  {
    path: '/reserveOrderDetail/:id',
    base: '/reserveOrderDetail',
    titleKey: 'shell.titles.reserveOrderDetail',
  },
  { path: '/operatorDetail/:id', base: '/operatorDetail', titleKey: 'shell.titles.operatorDetail' },
  { path: '/planDetail/:id/:name', base: '/planDetail', titleKey: 'shell.titles.planDetail' },
  { path: '/appUserDetail/:id', base: '/appUserDetail', titleKey: 'shell.titles.appUserDetail' },
  { path: '/fleetsDetail/:id', base: '/fleetsDetail', titleKey: 'shell.titles.fleetsDetail' },
];

/** The command screen hides the tabs like the detail pages (SPEC.md section 2). */
const NO_TABS = new Set(['/command']);

export const pageRoutes: PageRoute[] = [
  ...menuCatalogue
    .filter((menu) => menu.type === '0' && menu.path)
    .map((menu) => ({
      path: menu.path as string,
      code: menu.id,
      kept: menu.keepAlive === '1',
      hideTabs: NO_TABS.has(menu.path as string),
    })),
  // /order redirects here: the charging orders screen, the same kept instance as /chargeOrder.
  { path: '/order/chargeOrder', code: CODE.orders, kept: true, keptKey: '/chargeOrder' },
  ...detailRoutes.map((route) => ({
    path: route.path,
    code: detailRouteCodes[route.base] ?? '',
    titleKey: route.titleKey,
    hideTabs: true,
  })),
];

/**
 * The screen of a route: the registry's, else "not available yet". One component per route, made once, that
 * finds its screen in the registry when it renders (a test's stand-in screens there are met too).
 */
function pageFor(route: PageRoute): ComponentType {
  const base = route.keptKey ?? route.path;
  const handle = { code: route.code, titleKey: route.titleKey };
  return function RoutePage() {
    const Registered = resourcePages[base] ?? resourcePages[base.split('/:')[0] ?? base];
    return Registered ? <Registered /> : <NotAvailablePage {...handle} />;
  };
}

const pageCache = new Map<string, ComponentType>();
function cachedPage(route: PageRoute): ComponentType {
  const key = route.keptKey ?? route.path;
  let page = pageCache.get(key);
  if (!page) pageCache.set(key, (page = pageFor(route)));
  return page;
}

function toRouteObject(route: PageRoute): RouteObject {
  const Page = cachedPage(route);
  const handle: RouteHandle = {
    code: route.code,
    ...(route.titleKey ? { titleKey: route.titleKey } : {}),
    ...(route.hideTabs ? { hideTabs: true } : {}),
    ...(route.kept ? { kept: { key: route.keptKey ?? route.path, page: Page } } : {}),
  };
  return { path: route.path, handle, element: route.kept ? null : <Page /> };
}

/** Root of every route: reports the request helper's failures (toasts, the 401 flow). */
function Root() {
  return (
    <>
      <ApiEvents />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/logincommon', element: <LoginCommonPage /> },
      { path: '/privacy/*', element: <PrivacyPage /> },
      { path: '/status', element: <PublicStatusPage /> },
      { path: '/subsplan', element: <SubscriptionPage /> },
      { index: true, element: <Navigate to="/home" replace /> },
      { path: '/order', element: <Navigate to="/order/chargeOrder" replace /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [...pageRoutes.map(toRouteObject), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];
