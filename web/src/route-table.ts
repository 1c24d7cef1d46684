/**
 * The console's page routes (SPEC.md section 2), without React: the menu pages of shared/permissions/menus.ts,
 * /order/chargeOrder and the detail routes. routes.tsx builds the router from them; test/bench/web.bench.ts
 * measures what each one loads.
 */
import { CODE, detailRouteCodes, menuCatalogue } from '@shared/permissions/menus.ts';
import type { TitleKey } from '@web/layout/route-handle.ts';

export interface PageRoute {
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

/** The key of a route's screen (web/src/resources/screens.ts): its kept key or path, without parameters. */
export function screenKey(route: PageRoute): string {
  const base = route.keptKey ?? route.path;
  return base.split('/:')[0] ?? base;
}
