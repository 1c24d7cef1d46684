/** What each console route tells the layout (react-router `handle`). */
import type { ComponentType } from 'react';
import { useMatches } from 'react-router-dom';

export type TitleKey =
  | 'shell.titles.stationDetail'
  | 'shell.titles.chargerDetail'
  | 'shell.titles.energyBoxDetail'
  | 'shell.titles.orderDetail'
  | 'shell.titles.reserveOrderDetail'
  | 'shell.titles.operatorDetail'
  | 'shell.titles.planDetail'
  | 'shell.titles.appUserDetail'
  | 'shell.titles.fleetsDetail'
  | 'shell.titles.subsplan'
  | 'shell.titles.fleetDashboard';

export interface RouteHandle {
  /** Menu (permission) code of the page, or of the page a detail route belongs to. */
  code?: string;
  /** Title key when the menu name does not fit (detail pages). */
  titleKey?: TitleKey;
  /** Detail and command pages hide the second-level tabs (docs/product.md section 2). */
  hideTabs?: boolean;
  /** Kept routes: the layout renders this page itself, inside <Activity>, under this key. */
  kept?: { key: string; page: ComponentType };
}

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle && (handle.code || handle.titleKey || handle.kept)) return handle;
  }
  return {};
}
