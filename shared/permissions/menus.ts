/**
 * The menu and permission catalogue of docs/product.md section 6: numeric menu codes 1000 to 10000 (plus the
 * fleet menus) with their button sub-codes, and the permission strings user info carries. Seeded as the menu
 * catalogue; a role grants a set of these ids; every API route names the code it needs.
 *
 * `type` 0 is a menu (a page or a group), 1 a button (an action inside a page). `keepAlive` follows
 * docs/product.md section 3: '1' for a top-level page that is kept when navigated away from, '0' otherwise.
 * Each name is an i18n key under `menu.` (`menu.m2100`).
 */

export interface MenuDef {
  id: string;
  parentId: string;
  /** Console route of a page; groups and buttons have none. */
  path?: string;
  icon?: string;
  sort: number;
  type: '0' | '1';
  keepAlive: '0' | '1';
  /** Only companies on the Pro package (or platform users) may hold it. */
  pro?: boolean;
  /** Only platform-level users may hold it (operators cannot be granted it). */
  platformOnly?: boolean;
}

type Row = readonly [id: string, parentId: string, path: string | null, extra?: Partial<MenuDef>];

const ROOT = '-1';

/**
 * The charger command buttons (children of the command page 2250), by the command they send
 * (shared/commands/catalogue.ts gives each command its code from here).
 */
export const COMMAND_CODE = {
  reset: '2210',
  unlockConnector: '2211',
  changeAvailability: '2212',
  getConfiguration: '2213',
  changeConfiguration: '2214',
  clearCache: '2215',
  remoteStart: '2216',
  remoteStop: '2217',
  reserveNow: '2218',
  cancelReservation: '2219',
  updateFirmware: '2220',
  getDiagnostics: '2221',
  sendLocalList: '2222',
  getLocalListVersion: '2223',
  setChargingProfile: '2224',
  clearChargingProfile: '2225',
  getCompositeSchedule: '2226',
  triggerMessage: '2227',
  dataTransfer: '2228',
  setVariableMonitoring: '2229',
  clearVariableMonitoring: '2230',
  setMonitoringBase: '2231',
  setMonitoringLevel: '2232',
  setDisplayMessage: '2233',
  getDisplayMessages: '2234',
  clearDisplayMessage: '2235',
  setNetworkProfile: '2236',
  getVariables: '2237',
  setVariables: '2238',
  getBaseReport: '2239',
  getLog: '2240',
  getReport: '2241',
  getMonitoringReport: '2242',
  getChargingProfiles: '2243',
  getTransactionStatus: '2244',
  extendedTriggerMessage: '2251',
  signedUpdateFirmware: '2252',
} as const;

/** The smart-charging commands, Pro like the profiles they send. */
export const SMART_CHARGING_COMMAND_CODES: string[] = [
  COMMAND_CODE.setChargingProfile,
  COMMAND_CODE.clearChargingProfile,
  COMMAND_CODE.getCompositeSchedule,
  COMMAND_CODE.getChargingProfiles,
];

/**
 * [id, parent, path]: groups have a path of null and an icon; buttons are rows whose parent is a page. A path
 * here is a console route: the console shows it with the screen its registry names for it
 * (web/src/screens/registry.ts, typed by `ConsoleRoute`; docs/decisions/443-one-route-table-in-the-console.md).
 */
const rows = [
  ['1000', ROOT, null, { icon: 'overview' }],
  ['1100', '1000', '/home'],
  ['1101', '1000', '/monitor'],
  ['1102', '1100', null],
  ['1103', '1100', null],
  ['1104', '1100', null],
  ['1105', '1100', null],
  ['1106', '1100', null],
  ['1107', '1101', null],

  ['2000', ROOT, null, { icon: 'devices' }],
  ['2100', '2000', '/equipment', { keepAlive: '1' }],
  ['2101', '2100', null],
  ['2102', '2100', null],
  ['2103', '2100', null],
  ['2104', '2100', null],
  ['2105', '2100', null, { pro: true }],
  ['2200', '2000', '/device', { keepAlive: '1' }],
  ['2201', '2200', null],
  ['2202', '2200', null],
  ['2203', '2200', null],
  ['2204', '2200', null],
  ['2205', '2200', null],
  ['2250', '2000', '/command'],
  ...commandButtons(),
  ['2300', '2000', '/firmware'],
  ['2301', '2300', null],
  ['2302', '2300', null],
  ['2303', '2300', null],
  ['2400', '2000', '/confKey'],
  ['2401', '2400', null],
  ['2402', '2400', null],
  ['2500', '2000', '/network'],
  ['2501', '2500', null],
  // Smart charging (charging profiles) is Pro (docs/product.md section 2: Pro is AC and DC plus data export,
  // smart charging and fleets), and so are the commands that set, clear or read a connector's profiles.
  ['2600', '2000', '/powerProfile', { pro: true }],
  ['2601', '2600', null, { pro: true }],
  ['2602', '2600', null, { pro: true }],
  ['2603', '2600', null, { pro: true }],
  ['2700', '2000', '/energyBox', { keepAlive: '1' }],
  ['2701', '2700', null],
  ['2702', '2700', null],
  ['2800', '2000', '/card'],
  ['2801', '2800', null],
  ['2802', '2800', null],
  ['2803', '2800', null],
  ['2804', '2800', null],
  ['2805', '2800', null, { pro: true }],
  ['2850', '2000', '/listVersion'],
  ['2851', '2850', null],
  ['2900', '2000', '/display'],
  ['2901', '2900', null],

  ['3000', ROOT, null, { icon: 'fees' }],
  ['3050', '3000', '/fee'],
  ['3100', '3000', '/chargingFee'],
  ['3101', '3100', null],
  ['3102', '3100', null],
  ['3103', '3100', null],
  ['3104', '3100', null, { pro: true }],
  ['3200', '3000', '/discount'],
  ['3201', '3200', null],
  ['3202', '3200', null],
  ['3203', '3200', null],
  ['3300', '3000', '/reserveFee'],
  ['3301', '3300', null],
  ['3302', '3300', null],
  ['3303', '3300', null],

  ['4000', ROOT, null, { icon: 'orders' }],
  ['4100', '4000', '/chargeOrder', { keepAlive: '1' }],
  ['4101', '4100', null],
  ['4102', '4100', null],
  ['4103', '4100', null],
  ['4104', '4100', null],
  ['4200', '4000', '/reserveOrder', { keepAlive: '1' }],
  ['4201', '4200', null],
  ['4202', '4200', null],
  ['4300', '4000', '/profitOrder', { keepAlive: '1' }],
  ['4400', '4000', '/statRevenue'],
  ['4500', '4000', '/waitOrder'],
  ['4501', '4500', null],
  ['4600', '4000', '/transcationInsight'],

  ['5000', ROOT, null, { icon: 'alarms' }],
  ['5100', '5000', '/alarm'],
  ['5101', '5100', null],
  ['5200', '5000', '/alarmOffline'],
  ['5300', '5000', '/alarmChart'],
  ['5400', '5000', '/alarmTemplate'],
  ['5401', '5400', null],
  ['5500', '5000', '/alarmMail'],
  ['5501', '5500', null],
  ['5600', '5000', '/stopReasonList'],
  ['5601', '5600', null],

  ['6000', ROOT, null, { icon: 'system' }],
  ['6100', '6000', '/role'],
  ['6101', '6100', null],
  ['6102', '6100', null],
  ['6103', '6100', null],
  ['6104', '6100', null],
  ['6200', '6000', '/user'],
  ['6201', '6200', null],
  ['6202', '6200', null],
  ['6203', '6200', null],
  ['6204', '6200', null],
  ['6205', '6200', null],
  ['6206', '6200', null],
  ['6300', '6000', '/parameter', { platformOnly: true }],
  ['6301', '6300', null, { platformOnly: true }],
  ['6400', '6000', '/pay', { platformOnly: true }],
  ['6401', '6400', null, { platformOnly: true }],
  ['6500', '6000', '/operator', { keepAlive: '1' }],
  ['6501', '6500', null],
  ['6502', '6500', null],
  ['6503', '6500', null],
  ['6504', '6500', null],
  ['6600', '6000', '/mail', { platformOnly: true }],
  ['6601', '6600', null, { platformOnly: true }],
  ['6700', '6000', '/log'],
  ['6800', '6000', '/emsp', { platformOnly: true }],
  ['6801', '6800', null, { platformOnly: true }],
  ['6810', '6000', '/emspBind'],
  ['6900', '6000', '/subRole', { platformOnly: true }],
  ['6901', '6900', null, { platformOnly: true }],
  ['6910', '6000', '/plan'],
  ['6911', '6910', null, { platformOnly: true }],
  ['6920', '6000', '/operatorLimit', { platformOnly: true }],
  ['6921', '6920', null, { platformOnly: true }],
  ['6930', '6000', '/assetList', { platformOnly: true }],
  ['6931', '6930', null, { platformOnly: true }],
  ['6940', '6000', '/vendorList', { platformOnly: true }],
  ['6941', '6940', null, { platformOnly: true }],
  ['sys_user_edit', '6000', null],
  ['sys_planoper_edit', '6000', null],
  ['sys_payChannel_mgr', '6000', null],
  ['sys_mail_mgr', '6000', null],

  ['7000', ROOT, null, { icon: 'app' }],
  ['7100', '7000', '/appUser', { keepAlive: '1' }],
  ['7101', '7100', null],
  ['7102', '7100', null],
  ['7103', '7100', null],
  ['7200', '7000', '/opsUser'],
  ['7300', '7000', '/appVersion', { platformOnly: true }],
  ['7301', '7300', null, { platformOnly: true }],
  ['7400', '7000', '/feedback'],
  ['7401', '7400', null],
  ['7500', '7000', '/appInsight'],

  ['8000', ROOT, null, { icon: 'energy' }],
  ['8100', '8000', '/renewable'],
  ['8101', '8100', null],

  ['9000', ROOT, null, { icon: 'export', pro: true }],
  ['9100', '9000', '/fileExport', { pro: true }],

  ['10000', ROOT, null, { icon: 'brands' }],
  ['10100', '10000', '/brand'],
  ['10101', '10100', null, { platformOnly: true }],

  ['11000', ROOT, null, { icon: 'fleets', pro: true }],
  // The fleet dashboard, where a fleet login lands (docs/product.md section 2; the route is spelled as
  // there).
  ['11050', '11000', '/vehicle/dashbord', { pro: true }],
  ['11100', '11000', '/fleets', { keepAlive: '1', pro: true }],
  ['11101', '11100', null, { pro: true }],
  ['11200', '11000', '/driver', { pro: true }],
  ['11300', '11000', '/vehicle', { pro: true }],
  ['11400', '11000', '/alerts', { pro: true }],
  ['11500', '11000', '/analysis', { pro: true }],
  ['11600', '11000', '/fundHistory', { pro: true }],
] as const satisfies readonly Row[];

/**
 * Charger command buttons 2210 to 2261 (docs/decisions/231-command-catalogue-and-send-checks.md gives each
 * its command); 2250 is the command page itself.
 */
function commandButtons(): (readonly [id: string, parentId: '2250', path: null, extra?: { pro: true }])[] {
  const out: (readonly [string, '2250', null, { pro: true }?])[] = [];
  for (let code = 2210; code <= 2261; code++) {
    if (code === 2250) continue;
    const id = String(code);
    out.push(
      SMART_CHARGING_COMMAND_CODES.includes(id) ? [id, '2250', null, { pro: true }] : [id, '2250', null],
    );
  }
  return out;
}

export const MENU_ROOT = ROOT;

export const menuCatalogue: MenuDef[] = (rows as readonly Row[]).map(([id, parentId, path, extra], index) => {
  const parent = (rows as readonly Row[]).find((row) => row[0] === parentId);
  const isButton = path === null && parent !== undefined && parent[2] !== null;
  const isPermissionString = !/^\d+$/.test(id);
  return {
    id,
    parentId,
    ...(path ? { path } : {}),
    sort: index,
    type: isButton || isPermissionString ? '1' : '0',
    keepAlive: '0',
    ...extra,
  };
});

export const menuById = new Map(menuCatalogue.map((menu) => [menu.id, menu]));

/**
 * Routes that are not menu entries but belong to one (docs/product.md section 2): the route with its
 * parameters and the code that opens it. The console titles each `shell.titles.{name}` and hides its tabs
 * (web/src/route-table.ts).
 */
export const detailRoutes = [
  { path: '/stationDetail/:id', code: '2104' },
  { path: '/chargerDetail/:id', code: '2204' },
  { path: '/energyBoxDetail/:str', code: '2700' },
  { path: '/orderDetail/:id', code: '4101' },
  { path: '/reserveOrderDetail/:id', code: '4201' },
  { path: '/operatorDetail/:id', code: '6504' },
  { path: '/planDetail/:id/:name', code: '6910' },
  { path: '/appUserDetail/:id', code: '7101' },
  { path: '/fleetsDetail/:id', code: '11101' },
] as const;

/** A route without its parameters: `/planDetail/:id/:name` is `/planDetail`. */
type BaseOf<P extends string> = P extends `${infer Base}/:${string}` ? Base : P;
export const routeBase = <P extends string>(path: P): BaseOf<P> => path.split('/:')[0] as BaseOf<P>;

/** The console route of every menu page. */
export type MenuRoute = Extract<(typeof rows)[number][2], string>;
/** The detail routes, without their parameters. */
export type DetailRoute = BaseOf<(typeof detailRoutes)[number]['path']>;
/** Every console route that shows a screen: each has exactly one (web/src/screens/registry.ts). */
export type ConsoleRoute = MenuRoute | DetailRoute;

/** The code that opens each detail route, by the route without its parameters. */
export const detailRouteCodes: Record<string, string> = Object.fromEntries(
  detailRoutes.map((route) => [routeBase(route.path), route.code]),
);

/** The permission strings of docs/product.md section 6. */
export const PERMISSION = {
  userEdit: 'sys_user_edit',
  planOperEdit: 'sys_planoper_edit',
  payChannelMgr: 'sys_payChannel_mgr',
  mailMgr: 'sys_mail_mgr',
} as const;

/**
 * The menu and button codes by name, for the code outside this catalogue (routes, declarations, handlers;
 * docs/api.md lists every route's). test/identity/rules.test.ts checks each is in the catalogue.
 */
export const CODE = {
  home: '1100',
  monitor: '1101',
  monitorStopCharging: '1102',
  monitorLiveData: '1103',
  monitorMeterRecords: '1104',
  monitorUnlock: '1105',
  monitorStopReservation: '1106',
  monitorDetail: '1107',
  stations: '2100',
  stationAdd: '2101',
  stationEdit: '2102',
  stationDelete: '2103',
  stationDetail: '2104',
  stationPro: '2105',
  chargePoints: '2200',
  chargePointAdd: '2201',
  chargePointEdit: '2202',
  chargePointDelete: '2203',
  chargePointDetail: '2204',
  chargePointImport: '2205',
  commands: '2250',
  commandResults: '2256',
  chargePointControl: '2257',
  connectorControl: '2258',
  firmware: '2300',
  firmwareAdd: '2301',
  firmwareEdit: '2302',
  firmwareDelete: '2303',
  confKeys: '2400',
  confKeyAdd: '2401',
  confKeyEdit: '2402',
  network: '2500',
  networkEdit: '2501',
  chargingProfiles: '2600',
  chargingProfileAdd: '2601',
  chargingProfileEdit: '2602',
  chargingProfileDelete: '2603',
  energyBoxes: '2700',
  energyBoxEdit: '2701',
  renewable: '8100',
  renewableEdit: '8101',
  energyBoxUpgrade: '2702',
  cards: '2800',
  cardAdd: '2801',
  cardEdit: '2802',
  cardImport: '2803',
  cardRecharge: '2804',
  cardScope: '2805',
  listVersions: '2850',
  listVersionEdit: '2851',
  displays: '2900',
  displayEdit: '2901',
  occupancyFees: '3050',
  chargingFees: '3100',
  chargingFeeAdd: '3101',
  chargingFeeEdit: '3102',
  chargingFeeDelete: '3103',
  chargingFeePro: '3104',
  discounts: '3200',
  discountAdd: '3201',
  discountEdit: '3202',
  discountDelete: '3203',
  reserveFees: '3300',
  reserveFeeAdd: '3301',
  reserveFeeEdit: '3302',
  reserveFeeDelete: '3303',
  orders: '4100',
  orderDetail: '4101',
  orderReset: '4102',
  orderRealtime: '4103',
  orderExport: '4104',
  reserveOrders: '4200',
  reserveOrderDetail: '4201',
  reserveOrderCancel: '4202',
  profitOrders: '4300',
  revenue: '4400',
  waitOrders: '4500',
  waitOrderEdit: '4501',
  transactionInsight: '4600',
  alarms: '5100',
  offlineAlarms: '5200',
  alarmStats: '5300',
  alarmTemplates: '5400',
  alarmTemplateEdit: '5401',
  alarmMail: '5500',
  alarmMailEdit: '5501',
  stopReasons: '5600',
  stopReasonEdit: '5601',
  roles: '6100',
  roleAdd: '6101',
  roleEdit: '6102',
  roleDelete: '6103',
  roleMenus: '6104',
  users: '6200',
  userAdd: '6201',
  userEdit: '6202',
  userDelete: '6203',
  userResetPwd: '6204',
  userBindStation: '6205',
  userToggle: '6206',
  operators: '6500',
  operatorAdd: '6501',
  operatorEdit: '6502',
  operatorDelete: '6503',
  operatorDetail: '6504',
  parameters: '6300',
  parameterEdit: '6301',
  payChannels: '6400',
  payChannelEdit: '6401',
  mailServers: '6600',
  mailServerEdit: '6601',
  log: '6700',
  emsp: '6800',
  emspEdit: '6801',
  emspBind: '6810',
  subRoles: '6900',
  subRoleEdit: '6901',
  plans: '6910',
  planEdit: '6911',
  operatorLimits: '6920',
  operatorLimitEdit: '6921',
  assets: '6930',
  assetEdit: '6931',
  vendors: '6940',
  vendorEdit: '6941',
  appUsers: '7100',
  appUserDetail: '7101',
  appUserEdit: '7102',
  appUserBalance: '7103',
  opsUsers: '7200',
  appInsight: '7500',
  appVersions: '7300',
  appVersionEdit: '7301',
  feedback: '7400',
  feedbackReply: '7401',
  fileExport: '9100',
  brands: '10100',
  brandEdit: '10101',
  fleetDashboard: '11050',
  fleets: '11100',
  fleetDetail: '11101',
  drivers: '11200',
  vehicles: '11300',
  fleetAlerts: '11400',
  fleetAnalysis: '11500',
  fleetFunds: '11600',
} as const;

/**
 * What a fleet account may do (decision 366): its fleet's console, whatever roles it holds. A company cannot
 * hand a fleet account its own pages by editing a role, and the routes check the fleet binding anyway.
 */
export const FLEET_ACCOUNT_CODES: readonly string[] = [
  '11000',
  CODE.fleetDashboard,
  CODE.drivers,
  CODE.vehicles,
  CODE.fleetAlerts,
  CODE.fleetAnalysis,
  CODE.fleetFunds,
];

/** Every id a menu tree holds, from the given ids up to the root (a granted child shows its group). */
export function withAncestors(ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    let current = menuById.get(id);
    while (current && !out.has(current.id)) {
      out.add(current.id);
      current = menuById.get(current.parentId);
    }
  }
  return out;
}
