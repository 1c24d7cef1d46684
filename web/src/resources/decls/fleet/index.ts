/** Console screens of the fleets (issue 18), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { FleetDetailPage } from './fleet-detail.tsx';
import { fleetDecl } from './fleet.tsx';

/** Every fleet declaration (tests walk them). */
export const fleetDecls: ResourceDecl[] = [fleetDecl];

function FleetsPage() {
  return createElement(ResourceListPage, { decl: fleetDecl });
}

export const fleetPages: Record<string, ComponentType> = {
  '/fleets': FleetsPage,
  '/fleetsDetail': FleetDetailPage,
};
