/**
 * Every screen built on the resource registry, by console route, and every declaration: for the tests and
 * tools that walk them all. The console itself does not import this module: it loads each route's screen
 * on demand through web/src/resources/screens.ts, so no screen is in the bundle the login page loads.
 * Detail routes are keyed without their parameter: '/operatorDetail' serves '/operatorDetail/:id'.
 */
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { alarmDecls, alarmPages } from './decls/alarm/index.ts';
import { catalogueDecls, cataloguePages } from './decls/catalogue/index.ts';
import { commandPages } from './decls/command/index.ts';
import { crmDecls, crmPages } from './decls/crm/index.ts';
import { deviceDecls, devicePages } from './decls/device/index.ts';
import { energyDecls, energyPages } from './decls/energy/index.ts';
import { feeDecls, feePages } from './decls/fee/index.ts';
import { fleetDecls, fleetPages } from './decls/fleet/index.ts';
import { identityDecls, identityPages } from './decls/identity/index.ts';
import { orderDecls, orderPages } from './decls/order/index.ts';
import { planDecls, planPages } from './decls/plan/index.ts';
import { revenuePages } from './decls/revenue/index.ts';
import { reservationDecls, reservationPages } from './decls/reservation/index.ts';
import { siteDecls, sitePages } from './decls/site/index.ts';
import { systemDecls, systemPages } from './decls/system/index.ts';

/** Every declaration, by id (tests walk them). */
export const resourceDecls: Record<string, ResourceDecl> = Object.fromEntries(
  [
    ...identityDecls,
    ...systemDecls,
    ...catalogueDecls,
    ...deviceDecls,
    ...feeDecls,
    ...siteDecls,
    ...alarmDecls,
    ...orderDecls,
    ...reservationDecls,
    ...planDecls,
    ...fleetDecls,
    ...crmDecls,
    ...energyDecls,
  ].map((d) => [d.id, d]),
);

export const resourcePages: Record<string, ComponentType> = {
  ...identityPages,
  ...systemPages,
  ...cataloguePages,
  ...devicePages,
  ...feePages,
  ...sitePages,
  ...alarmPages,
  ...commandPages,
  ...orderPages,
  ...revenuePages,
  ...reservationPages,
  ...planPages,
  ...fleetPages,
  ...crmPages,
  ...energyPages,
};
