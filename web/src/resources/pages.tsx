/**
 * Screens built on the resource registry, by console route. The router (web/src/routes.tsx) shows these
 * for their routes and a "not available yet" page for routes whose screens come with later issues.
 * Detail routes are keyed without their parameter: '/operatorDetail' serves '/operatorDetail/:id'.
 */
import { logDecl } from '@web/resources/decls/log.ts';
import { operatorDecl, operatorLimitDecl } from '@web/resources/decls/operator.ts';
import { roleDecl, subRoleDecl } from '@web/resources/decls/role.ts';
import { userDecl } from '@web/resources/decls/user.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { OperatorDetailPage, OperatorsPage } from '@web/resources/operator-pages.tsx';
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
import { orderDecls, orderPages } from './decls/order/index.ts';
import { planDecls, planPages } from './decls/plan/index.ts';
import { revenuePages } from './decls/revenue/index.ts';
import { reservationDecls, reservationPages } from './decls/reservation/index.ts';
import { siteDecls, sitePages } from './decls/site/index.ts';
import { systemDecls, systemPages } from './decls/system/index.ts';

/** Every declaration, by id (tests walk them; issue 4's export can look one up). */
export const resourceDecls: Record<string, ResourceDecl> = Object.fromEntries(
  [
    userDecl,
    roleDecl,
    subRoleDecl,
    operatorDecl,
    operatorLimitDecl,
    logDecl,
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

/** A route that is just the list screen of a declaration. */
function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => <ResourceListPage decl={decl} />;
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const resourcePages: Record<string, ComponentType> = {
  '/user': listPage(userDecl),
  '/role': listPage(roleDecl),
  '/subRole': listPage(subRoleDecl),
  '/operator': OperatorsPage,
  '/operatorDetail': OperatorDetailPage,
  '/operatorLimit': listPage(operatorLimitDecl),
  '/log': listPage(logDecl),
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
