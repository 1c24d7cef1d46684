/**
 * Where each console route's screen lives, loaded the first time one of its routes is shown: a domain's
 * module of screens (decls/<domain>/index.ts), or for a chart screen its own module, so recharts (the
 * build's `charts` chunk) comes only with the screens that draw charts. The login page and the layout carry
 * no screen.
 * `source` is the module `load` imports, as the build names it (test/bench/web.bench.ts measures each
 * route's chunks by it; test/web/resources/screens.test.ts checks both agree). Detail routes are keyed
 * without their parameter, as in pages.tsx (every screen loaded at once, for the tests).
 */
import type { ComponentType } from 'react';

type Screens = Record<string, ComponentType>;

export interface ScreenModule {
  routes: readonly string[];
  source: string;
  load: () => Promise<Screens>;
}

export const screenModules: readonly ScreenModule[] = [
  {
    routes: ['/home'],
    source: 'src/resources/decls/revenue/home.tsx',
    load: () => import('./decls/revenue/home.tsx').then((m) => ({ '/home': m.HomePage })),
  },
  {
    routes: ['/statRevenue'],
    source: 'src/resources/decls/revenue/stat-revenue.tsx',
    load: () =>
      import('./decls/revenue/stat-revenue.tsx').then((m) => ({ '/statRevenue': m.StatRevenuePage })),
  },
  {
    routes: ['/transcationInsight'],
    source: 'src/resources/decls/revenue/insight.tsx',
    load: () => import('./decls/revenue/insight.tsx').then((m) => ({ '/transcationInsight': m.InsightPage })),
  },
  {
    routes: ['/alarmChart'],
    source: 'src/resources/decls/alarm/chart.tsx',
    load: () => import('./decls/alarm/chart.tsx').then((m) => ({ '/alarmChart': m.AlarmChartPage })),
  },
  {
    routes: ['/appInsight'],
    source: 'src/resources/decls/crm/app-insight.tsx',
    load: () => import('./decls/crm/app-insight.tsx').then((m) => ({ '/appInsight': m.AppInsightPage })),
  },
  {
    routes: ['/analysis'],
    source: 'src/resources/decls/fleet/fleet-analysis.tsx',
    load: () =>
      import('./decls/fleet/fleet-analysis.tsx').then((m) => ({ '/analysis': m.FleetAnalysisPage })),
  },
  {
    routes: ['/user', '/role', '/subRole', '/operator', '/operatorDetail', '/operatorLimit', '/log'],
    source: 'src/resources/decls/identity/index.ts',
    load: () => import('./decls/identity/index.ts').then((m) => m.identityPages),
  },
  {
    routes: ['/parameter', '/pay', '/mail', '/emsp', '/emspBind', '/assetList', '/vendorList'],
    source: 'src/resources/decls/system/index.ts',
    load: () => import('./decls/system/index.ts').then((m) => m.systemPages),
  },
  {
    routes: [
      '/brand',
      '/appVersion',
      '/feedback',
      '/fileExport',
      '/stopReasonList',
      '/alarmTemplate',
      '/alarmMail',
    ],
    source: 'src/resources/decls/catalogue/index.ts',
    load: () => import('./decls/catalogue/index.ts').then((m) => m.cataloguePages),
  },
  {
    routes: ['/firmware', '/confKey', '/display', '/network', '/listVersion', '/card', '/energyBox'],
    source: 'src/resources/decls/device/lists.ts',
    load: () => import('./decls/device/lists.ts').then((m) => m.deviceListPages),
  },
  {
    routes: ['/powerProfile'],
    source: 'src/resources/decls/device/charging-profile.tsx',
    load: () =>
      import('./decls/device/charging-profile.tsx').then((m) => ({ '/powerProfile': m.ChargingProfilePage })),
  },
  {
    routes: ['/energyBoxDetail'],
    source: 'src/resources/decls/device/energy-box-detail.tsx',
    load: () =>
      import('./decls/device/energy-box-detail.tsx').then((m) => ({
        '/energyBoxDetail': m.EnergyBoxDetailPage,
      })),
  },
  {
    routes: ['/chargingFee', '/fee', '/reserveFee', '/discount'],
    source: 'src/resources/decls/fee/index.ts',
    load: () => import('./decls/fee/index.ts').then((m) => m.feePages),
  },
  {
    routes: ['/equipment', '/stationDetail', '/device', '/chargerDetail', '/monitor'],
    source: 'src/resources/decls/site/index.ts',
    load: () => import('./decls/site/index.ts').then((m) => m.sitePages),
  },
  {
    routes: ['/alarm', '/alarmOffline'],
    source: 'src/resources/decls/alarm/index.ts',
    load: () => import('./decls/alarm/index.ts').then((m) => m.alarmPages),
  },
  {
    routes: ['/command'],
    source: 'src/resources/decls/command/index.ts',
    load: () => import('./decls/command/index.ts').then((m) => m.commandPages),
  },
  {
    routes: ['/chargeOrder', '/profitOrder', '/orderDetail'],
    source: 'src/resources/decls/order/index.ts',
    load: () => import('./decls/order/index.ts').then((m) => m.orderPages),
  },
  {
    routes: ['/reserveOrder', '/reserveOrderDetail', '/waitOrder'],
    source: 'src/resources/decls/reservation/index.ts',
    load: () => import('./decls/reservation/index.ts').then((m) => m.reservationPages),
  },
  {
    routes: ['/plan', '/planDetail'],
    source: 'src/resources/decls/plan/index.ts',
    load: () => import('./decls/plan/index.ts').then((m) => m.planPages),
  },
  {
    routes: [
      '/fleets',
      '/fleetsDetail',
      '/vehicle/dashbord',
      '/driver',
      '/vehicle',
      '/alerts',
      '/fundHistory',
    ],
    source: 'src/resources/decls/fleet/index.ts',
    load: () => import('./decls/fleet/index.ts').then((m) => m.fleetPages),
  },
  {
    routes: ['/appUser', '/appUserDetail', '/opsUser'],
    source: 'src/resources/decls/crm/index.ts',
    load: () => import('./decls/crm/index.ts').then((m) => m.crmPages),
  },
  {
    routes: ['/renewable'],
    source: 'src/resources/decls/energy/index.ts',
    load: () => import('./decls/energy/index.ts').then((m) => m.energyPages),
  },
];

/** The module of a route's screen (a detail route by its base), if it has one. */
export function screenModuleOf(route: string): ScreenModule | undefined {
  return screenModules.find((m) => m.routes.includes(route));
}

/**
 * Screens whose module has loaded, by route: a route shown again renders at once. A test may put stand-in
 * screens here (they are met before any module is loaded).
 */
export const loadedScreens: Record<string, ComponentType | undefined> = {};

/** Loads a route's module and keeps the screens of the routes it names. */
export async function loadScreen(route: string): Promise<ComponentType | undefined> {
  const module = screenModuleOf(route);
  if (!module) return undefined;
  const screens = await module.load();
  for (const path of module.routes) loadedScreens[path] ??= screens[path];
  return loadedScreens[route];
}
