/**
 * The screen of every console route, keyed by route (docs/decisions/443-one-route-table-in-the-console.md).
 * The routes are shared/permissions/menus.ts's (its menu pages and detail routes, `ConsoleRoute`): the type
 * refuses a route without a screen here and a screen for a route the catalogue does not have, and
 * test/web/resources/screens.test.tsx checks the same at run time.
 *
 * A screen is a named export of a module under web/src/screens, loaded the first time one of its routes is
 * shown (docs/decisions/429-console-code-splitting.md): a domain's module of screens (`<group>/index.ts`), or
 * for a chart screen its own module, so recharts (the build's `charts` chunk) comes only with the screens
 * that draw charts. The login page and the layout carry no screen.
 * `source` is the module `load` imports, as the build names it (test/bench/web.bench.ts measures each
 * route's chunks by it; the screens test checks both agree); a screen's `shownWith` the lazy parts it shows
 * as soon as it is shown (its chart), counted with its route by the bench. Detail routes are keyed without
 * their parameters.
 */
import type { ConsoleRoute } from '@shared/permissions/menus.ts';
import type { ComponentType } from 'react';

export interface ScreenModule {
  source: string;
  load: () => Promise<object>;
}

export interface Screen {
  module: ScreenModule;
  /** The module's export that is the screen. */
  name: string;
  shownWith?: readonly string[];
}

/** The exports of a module that are components: what a screen may name. */
type ComponentExports<M extends object> = {
  [K in keyof M]: M[K] extends ComponentType ? K : never;
}[keyof M] &
  string;

interface TypedModule<M extends object> extends ScreenModule {
  load: () => Promise<M>;
}

const module = <M extends object>(source: string, load: () => Promise<M>): TypedModule<M> => ({
  source,
  load,
});

const screen = <M extends object>(
  from: TypedModule<M>,
  name: ComponentExports<M>,
  shownWith?: readonly string[],
): Screen => ({ module: from, name, ...(shownWith ? { shownWith } : {}) });

const identity = module('src/screens/identity/index.ts', () => import('./identity/index.ts'));
const system = module('src/screens/system/index.ts', () => import('./system/index.ts'));
const catalogue = module('src/screens/catalogue/index.ts', () => import('./catalogue/index.ts'));
const deviceLists = module('src/screens/device/index.ts', () => import('./device/index.ts'));
const chargingProfiles = module(
  'src/screens/device/charging-profile-page.tsx',
  () => import('./device/charging-profile-page.tsx'),
);
const energyBoxDetail = module(
  'src/screens/device/energy-box-detail.tsx',
  () => import('./device/energy-box-detail.tsx'),
);
const fees = module('src/screens/fee/index.ts', () => import('./fee/index.ts'));
const sites = module('src/screens/site/index.ts', () => import('./site/index.ts'));
const alarms = module('src/screens/alarm/index.ts', () => import('./alarm/index.ts'));
const alarmChart = module('src/screens/alarm/alarm-chart.tsx', () => import('./alarm/alarm-chart.tsx'));
const commands = module('src/screens/command/command-page.tsx', () => import('./command/command-page.tsx'));
const orders = module('src/screens/order/index.ts', () => import('./order/index.ts'));
const reservations = module('src/screens/reservation/index.ts', () => import('./reservation/index.ts'));
const plans = module('src/screens/plan/plan-pages.tsx', () => import('./plan/plan-pages.tsx'));
const fleets = module('src/screens/fleet/index.ts', () => import('./fleet/index.ts'));
const fleetAnalysis = module(
  'src/screens/fleet/fleet-analysis.tsx',
  () => import('./fleet/fleet-analysis.tsx'),
);
const crm = module('src/screens/crm/index.ts', () => import('./crm/index.ts'));
const appInsight = module('src/screens/crm/app-insight.tsx', () => import('./crm/app-insight.tsx'));
const renewable = module(
  'src/screens/energy/renewable-page.tsx',
  () => import('./energy/renewable-page.tsx'),
);
const home = module('src/screens/revenue/home.tsx', () => import('./revenue/home.tsx'));
const revenue = module('src/screens/revenue/stat-revenue.tsx', () => import('./revenue/stat-revenue.tsx'));
const insight = module('src/screens/revenue/insight.tsx', () => import('./revenue/insight.tsx'));

/** Every console route's screen, in the order of the menu catalogue, then the detail routes. */
export const screens: Readonly<Record<ConsoleRoute, Screen>> = {
  '/home': screen(home, 'HomePage'),
  '/monitor': screen(sites, 'MonitorPage'),
  '/equipment': screen(sites, 'StationsPage'),
  '/device': screen(sites, 'DevicePage'),
  '/command': screen(commands, 'CommandPage'),
  '/firmware': screen(deviceLists, 'FirmwarePage'),
  '/confKey': screen(deviceLists, 'ConfKeysPage'),
  '/network': screen(deviceLists, 'NetworkPage'),
  '/powerProfile': screen(chargingProfiles, 'ChargingProfilePage', [
    'src/screens/device/charging-profile-chart.tsx',
  ]),
  '/energyBox': screen(deviceLists, 'EnergyBoxesPage'),
  '/card': screen(deviceLists, 'CardsPage'),
  '/listVersion': screen(deviceLists, 'ListVersionsPage'),
  '/display': screen(deviceLists, 'DisplaysPage'),
  '/fee': screen(fees, 'OccupancyFeesPage'),
  '/chargingFee': screen(fees, 'ChargingFeesPage'),
  '/discount': screen(fees, 'DiscountsPage'),
  '/reserveFee': screen(fees, 'ReserveFeesPage'),
  '/chargeOrder': screen(orders, 'ChargeOrderPage'),
  '/reserveOrder': screen(reservations, 'ReserveOrderPage'),
  '/profitOrder': screen(orders, 'ProfitOrderPage'),
  '/statRevenue': screen(revenue, 'StatRevenuePage'),
  '/waitOrder': screen(reservations, 'WaitOrderPage'),
  '/transcationInsight': screen(insight, 'InsightPage'),
  '/alarm': screen(alarms, 'AlarmsPage'),
  '/alarmOffline': screen(alarms, 'OfflineAlarmsPage'),
  '/alarmChart': screen(alarmChart, 'AlarmChartPage'),
  '/alarmTemplate': screen(catalogue, 'AlarmTemplatesPage'),
  '/alarmMail': screen(catalogue, 'AlarmMailPage'),
  '/stopReasonList': screen(catalogue, 'StopReasonsPage'),
  '/role': screen(identity, 'RolesPage'),
  '/user': screen(identity, 'UsersPage'),
  '/parameter': screen(system, 'ParametersPage'),
  '/pay': screen(system, 'PayChannelsPage'),
  '/operator': screen(identity, 'OperatorsPage'),
  '/mail': screen(system, 'MailServersPage'),
  '/log': screen(identity, 'LogPage'),
  '/emsp': screen(system, 'EmspPage'),
  '/emspBind': screen(system, 'EmspBindPage'),
  '/subRole': screen(identity, 'SubRolesPage'),
  '/plan': screen(plans, 'PlanPage'),
  '/operatorLimit': screen(identity, 'OperatorLimitsPage'),
  '/assetList': screen(system, 'AssetsPage'),
  '/vendorList': screen(system, 'VendorsPage'),
  '/appUser': screen(crm, 'AppUserPage'),
  '/opsUser': screen(crm, 'OpsUserPage'),
  '/appVersion': screen(catalogue, 'AppVersionsPage'),
  '/feedback': screen(catalogue, 'FeedbackPage'),
  '/appInsight': screen(appInsight, 'AppInsightPage'),
  '/renewable': screen(renewable, 'RenewablePage'),
  '/fileExport': screen(catalogue, 'FileExportPage'),
  '/brand': screen(catalogue, 'BrandPage'),
  '/vehicle/dashbord': screen(fleets, 'FleetDashboardPage'),
  '/fleets': screen(fleets, 'FleetsPage'),
  '/driver': screen(fleets, 'DriversPage'),
  '/vehicle': screen(fleets, 'VehiclesPage'),
  '/alerts': screen(fleets, 'FleetAlertsPage'),
  '/analysis': screen(fleetAnalysis, 'FleetAnalysisPage'),
  '/fundHistory': screen(fleets, 'FundHistoryPage'),

  '/stationDetail': screen(sites, 'StationDetailPage'),
  '/chargerDetail': screen(sites, 'ChargerDetailPage'),
  '/energyBoxDetail': screen(energyBoxDetail, 'EnergyBoxDetailPage', [
    'src/screens/device/energy-box-chart.tsx',
  ]),
  '/orderDetail': screen(orders, 'OrderDetailPage', ['src/screens/order/meter-chart.tsx']),
  '/reserveOrderDetail': screen(reservations, 'ReserveDetailPage'),
  '/operatorDetail': screen(identity, 'OperatorDetailPage'),
  '/planDetail': screen(plans, 'PlanDetailPage'),
  '/appUserDetail': screen(crm, 'AppUserDetailPage'),
  '/fleetsDetail': screen(fleets, 'FleetDetailPage'),
};

/** Every module of screens, once. */
export const screenModules: readonly ScreenModule[] = [
  ...new Set(Object.values(screens).map((s) => s.module)),
];

const isRoute = (route: string): route is ConsoleRoute => Object.hasOwn(screens, route);

/** The screen of a route (a detail route by its base), if it is one. */
export function screenOf(route: string): Screen | undefined {
  return isRoute(route) ? screens[route] : undefined;
}

/** The module of a route's screen (a detail route by its base), if it has one. */
export function screenModuleOf(route: string): ScreenModule | undefined {
  return screenOf(route)?.module;
}

/**
 * Screens whose module has loaded, by route: a route shown again renders at once. A test may put stand-in
 * screens here (they are met before any module is loaded).
 */
export const loadedScreens: Record<string, ComponentType | undefined> = {};

/** Loads a route's module and keeps the screens of every route it serves. */
export async function loadScreen(route: string): Promise<ComponentType | undefined> {
  const module = screenModuleOf(route);
  if (!module) return undefined;
  const exports = (await module.load()) as Record<string, ComponentType | undefined>;
  for (const [path, screen] of Object.entries(screens))
    if (screen.module === module) loadedScreens[path] ??= exports[screen.name];
  return loadedScreens[route];
}
