/**
 * The console's page routes (docs/product.md section 2), without React, all from shared/permissions/menus.ts
 * (its menu pages and detail routes; docs/decisions/443-one-route-table-in-the-console.md) plus
 * /order/chargeOrder. routes.tsx builds the router from them, each showing its screen
 * (web/src/screens/registry.ts); test/bench/web.bench.ts measures what each one loads.
 */
import { CODE, detailRoutes, menuCatalogue, routeBase, type DetailRoute } from '@shared/permissions/menus.ts';
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

/** A detail route's title: `shell.titles.{name}` (the type refuses a detail route without its key). */
const titleOf = <R extends DetailRoute>(base: R): TitleKey =>
  `shell.titles.${base.slice(1)}` as `shell.titles.${R extends `/${infer Name}` ? Name : never}`;

/** The command screen hides the tabs like the detail pages (docs/product.md section 2). */
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
  // Detail routes hide the tabs (docs/product.md section 2).
  ...detailRoutes.map((route) => ({
    path: route.path,
    code: route.code,
    titleKey: titleOf(routeBase(route.path)),
    hideTabs: true,
  })),
];

/** The key of a route's screen (web/src/screens/registry.ts): its kept key or path, without parameters. */
export function screenKey(route: PageRoute): string {
  return routeBase(route.keptKey ?? route.path);
}
