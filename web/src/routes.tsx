/**
 * Every route of docs/product.md section 2, under the basename /charge.
 * - Public: /login, /logincommon, /privacy/ (+ /privacy/{lang}), /status (platform health).
 * - Subscription wizard: /subsplan. A fleet account (fleet token) signs in to the same layout, where its
 *   menus are its fleet's: /vehicle/dashbord and the fleet pages (decision 366).
 * - Authenticated, in the main layout: every menu page of shared/permissions/menus.ts, the detail routes,
 *   / → /home and /order → /order/chargeOrder. Unauthenticated visitors go to /login.
 * Each page is the screen web/src/screens/registry.ts names for its route (every route has one,
 * docs/decisions/443-one-route-table-in-the-console.md). Kept routes (keepAlive '1') are rendered by the
 * layout itself so they stay mounted (layout/kept-pages.tsx).
 * Only the login pages come with the console's first chunk: the layout, each screen (its domain's module),
 * the status page and the subscription wizard load when first shown, with a loading state; a chunk that
 * fails to load shows the route error page.
 */
import { ApiEvents } from '@web/auth/api-events.tsx';
import { RequireAuth } from '@web/auth/guards.tsx';
import { LoadingState } from '@web/components/ui/loading-state.tsx';
import { withConsoleParts } from '@web/console-parts.ts';
import type { RouteHandle } from '@web/layout/route-handle.ts';
import { LoginCommonPage } from '@web/pages/login-common-page.tsx';
import { LoginPage } from '@web/pages/login-page.tsx';
import { NotFoundPage } from '@web/pages/not-found-page.tsx';
import { PrivacyPage } from '@web/pages/privacy-page.tsx';
import { RouteErrorPage } from '@web/pages/route-error-page.tsx';
import { pageRoutes, screenKey, type PageRoute } from '@web/route-table.ts';
import { loadedScreens, loadScreen } from '@web/screens/registry.ts';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';

export { pageRoutes };

const AppLayout = lazy(() =>
  withConsoleParts(import('@web/layout/app-layout.tsx')).then((m) => ({ default: m.AppLayout })),
);
const PublicStatusPage = lazy(() =>
  withConsoleParts(import('@web/pages/public-status-page.tsx')).then((m) => ({
    default: m.PublicStatusPage,
  })),
);
const SubscriptionPage = lazy(() =>
  withConsoleParts(import('@web/pages/subscription-page.tsx')).then((m) => ({ default: m.SubscriptionPage })),
);

function PageLoading() {
  const { t } = useTranslation();
  return <LoadingState label={t('shell.loadingPage')} />;
}

/** A part loaded on demand, with the loading state meanwhile (a failed load reaches the route error page). */
function OnDemand({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/**
 * The screen of a route, loaded with its module on first show. One component per route, made once. A screen
 * already loaded (or a test's stand-in in `loadedScreens`) renders at once. Each mount that has to load
 * holds its own lazy component, so a load that failed (the route error page shows) is tried again on the
 * next visit.
 */
function pageFor(route: PageRoute): ComponentType {
  const key = screenKey(route);
  const loadLazily = () =>
    lazy(async () => {
      const screen = await loadScreen(key);
      if (!screen) throw new Error(`No screen for ${route.path} (web/src/screens/registry.ts)`);
      return { default: screen };
    });
  return function RoutePage() {
    const [Screen] = useState<ComponentType>(() => loadedScreens[key] ?? loadLazily());
    return (
      <OnDemand>
        <Screen />
      </OnDemand>
    );
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
      {
        path: '/status',
        element: (
          <OnDemand>
            <PublicStatusPage />
          </OnDemand>
        ),
      },
      {
        path: '/subsplan',
        element: (
          <OnDemand>
            <SubscriptionPage />
          </OnDemand>
        ),
      },
      { index: true, element: <Navigate to="/home" replace /> },
      { path: '/order', element: <Navigate to="/order/chargeOrder" replace /> },
      {
        element: (
          <RequireAuth>
            <OnDemand>
              <AppLayout />
            </OnDemand>
          </RequireAuth>
        ),
        children: [...pageRoutes.map(toRouteObject), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];
