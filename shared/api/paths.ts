/**
 * The paths of the console's API, declared once (docs/decisions/443-one-route-table-in-the-console.md): the
 * HTTP topology (shared/topology/*-routes.ts) takes each console route's path from here, and the console
 * (web/src) calls only paths it takes from here. `API` is the tree of them all (`API.biz.fleet.enable` is
 * '/biz/fleet/enable'): the calls below, and the generic calls of every declared resource (shared/resources,
 * `/{module}/{name}/list | info | add | update | del | export`, plus `template | import` when importable),
 * which `resourcePaths(meta)` also gives from the resource's declaration.
 *
 * An `ApiPath` is a path declared here: the console's request helpers (web/src/lib/api.ts) take nothing else,
 * so calling a path that is not here does not compile, and test/web/api-paths.test.ts checks that every path
 * here is a route of the topology and that the topology's console routes are all here. A new call of the
 * console: its path here, its route in shared/topology with `API.…` as its path.
 *
 * Data only (no server code): the console's bundle imports it.
 */

declare const declared: unique symbol;
/** A path of the API, taken from this module. */
export type ApiPath = string & { readonly [declared]: true };

/** The console's calls beyond the generic calls of declared resources (`RESOURCES`), sorted. */
const PATHS = [
  '/admin/emsp/bind',
  '/admin/emsp/bindEntries',
  '/admin/emsp/bindList',
  '/admin/emsp/pullTokens',
  '/admin/emsp/register',
  '/admin/emsp/roaming',
  '/admin/log/list',
  '/admin/mail/testMail',
  '/admin/menu/list',
  '/admin/menu/tree',
  '/admin/operator/add',
  '/admin/operator/del',
  '/admin/operator/getOperatorListForUser',
  '/admin/operator/getPrimaryOperatorList',
  '/admin/operator/info',
  '/admin/operator/list',
  '/admin/operator/listByTree',
  '/admin/operator/tree',
  '/admin/operator/update',
  '/admin/operatorLimit/add',
  '/admin/operatorLimit/del',
  '/admin/operatorLimit/info',
  '/admin/operatorLimit/list',
  '/admin/operatorLimit/update',
  '/admin/parameter/getCopyRight',
  '/admin/pay/upload',
  '/admin/plan/add',
  '/admin/plan/info',
  '/admin/plan/list',
  '/admin/plan/receipt',
  '/admin/plan/universalList',
  '/admin/plan/update',
  '/admin/plan/upload',
  '/admin/role/add',
  '/admin/role/del',
  '/admin/role/info',
  '/admin/role/list',
  '/admin/role/options',
  '/admin/role/update',
  '/admin/subRole/add',
  '/admin/subRole/del',
  '/admin/subRole/info',
  '/admin/subRole/list',
  '/admin/subRole/update',
  '/admin/subscribe/info',
  '/admin/subscribe/offlinePay',
  '/admin/subscribe/overview',
  '/admin/subscribe/pay',
  '/admin/subscribe/payConfig',
  '/admin/subscribe/riskWarning',
  '/admin/subscribe/secure',
  '/admin/user/add',
  '/admin/user/check',
  '/admin/user/del',
  '/admin/user/getChildUserCount',
  '/admin/user/getSubOpenFlag',
  '/admin/user/info',
  '/admin/user/list',
  '/admin/user/resetPwd',
  '/admin/user/update',
  '/admin/user/updateInfo',
  '/admin/user/updatePwd',
  '/auth/oauth/token',
  '/auth/publicKey',
  '/auth/token/logout',
  '/biz/alarm/list',
  '/biz/alarm/offlineList',
  '/biz/alarm/stat',
  '/biz/appInsight/download',
  '/biz/appInsight/stat',
  '/biz/appUser/adjust',
  '/biz/appUser/detail',
  '/biz/appUser/lock',
  '/biz/appUser/pileLink',
  '/biz/appUser/pileUnlink',
  '/biz/appUser/piles',
  '/biz/appUser/unlock',
  '/biz/card/activate',
  '/biz/card/bind',
  '/biz/card/disable',
  '/biz/card/recharge',
  '/biz/chargeOrder/detail',
  '/biz/chargeOrder/export',
  '/biz/chargeOrder/list',
  '/biz/chargeOrder/realtime',
  '/biz/chargeOrder/reset',
  '/biz/chargeOrder/timeline',
  '/biz/chargePoint/detail',
  '/biz/chargePoint/messages',
  '/biz/chargePoint/resetPassword',
  '/biz/chargePoint/usage',
  '/biz/command/file',
  '/biz/command/list',
  '/biz/command/report',
  '/biz/command/send',
  '/biz/command/variables',
  '/biz/discount/abandon',
  '/biz/discount/disable',
  '/biz/discount/enable',
  '/biz/energyBox/detail',
  '/biz/energyBox/loadLimit',
  '/biz/energyBox/upgrade',
  '/biz/feedback/read',
  '/biz/feedback/reply',
  '/biz/fileExport/del',
  '/biz/fileExport/download',
  '/biz/fileExport/list',
  '/biz/firmware/upload',
  '/biz/fleet/activate',
  '/biz/fleet/analysis',
  '/biz/fleet/analysisDownload',
  '/biz/fleet/dashboard',
  '/biz/fleet/disable',
  '/biz/fleet/enable',
  '/biz/fleet/funds',
  '/biz/fleet/reset',
  '/biz/fleet/topUp',
  '/biz/fleetAlert/list',
  '/biz/fleetAlert/read',
  '/biz/fleetAlert/readAll',
  '/biz/fleetFund/download',
  '/biz/fleetFund/list',
  '/biz/fleetOrder/list',
  '/biz/home/dashboard',
  '/biz/monitor/command',
  '/biz/monitor/detail',
  '/biz/monitor/liveData',
  '/biz/monitor/meterRecords',
  '/biz/monitor/overview',
  '/biz/monitor/stopCharging',
  '/biz/monitor/stopReservation',
  '/biz/monitor/unlock',
  '/biz/opsUser/list',
  '/biz/profitOrder/list',
  '/biz/renewable/download',
  '/biz/renewable/importProduction',
  '/biz/renewable/productionTemplate',
  '/biz/renewable/report',
  '/biz/reserveOrder/add',
  '/biz/reserveOrder/cancel',
  '/biz/reserveOrder/detail',
  '/biz/reserveOrder/list',
  '/biz/revenue/export',
  '/biz/revenue/stat',
  '/biz/station/bind',
  '/biz/station/bindList',
  '/biz/station/detail',
  '/biz/station/image',
  '/biz/station/powerBalance',
  '/biz/station/upload',
  '/biz/transactionInsight/stat',
  '/biz/waitOrder/add',
  '/biz/waitOrder/cancel',
  '/biz/waitOrder/list',
  '/code',
  '/fleets/fleetsAdmin/pwdLogin',
  '/health',
] as const;

/**
 * The declared resources (shared/resources), by module and name: `true` for the importable ones. Their paths
 * are the topology's (shared/topology/resource-routes.ts, from the declaration itself); test/web/api-paths.test.ts
 * checks this list against the declarations.
 */
const RESOURCES = {
  admin: { asset: true, emsp: false, mail: false, parameter: false, pay: false, vendor: false },
  biz: {
    alarmMail: false,
    alarmTemplate: true,
    appUser: false,
    appVersion: false,
    brand: true,
    card: true,
    chargePoint: true,
    chargingFee: false,
    chargingProfile: false,
    confKey: false,
    discount: false,
    display: false,
    driver: true,
    energyBox: false,
    feedback: false,
    firmware: false,
    fleet: false,
    listVersion: false,
    model: false,
    network: false,
    occupancyFee: false,
    renewableSource: true,
    reserveFee: false,
    station: false,
    stopReason: true,
    vehicle: true,
  },
} as const;

const GENERIC = ['list', 'info', 'add', 'update', 'del', 'export'] as const;
const IMPORT = ['template', 'import'] as const;
type Actions<Importable> =
  (typeof GENERIC)[number] | (Importable extends true ? (typeof IMPORT)[number] : never);
type Resources = typeof RESOURCES;
type ResourcePath = {
  [M in keyof Resources]: {
    [N in keyof Resources[M]]: `/${M}/${N & string}/${Actions<Resources[M][N]>}`;
  }[keyof Resources[M]];
}[keyof Resources];

/** Every path of `API`, as written. */
export type DeclaredPath = (typeof PATHS)[number] | ResourcePath;

const resourcePathList: readonly string[] = Object.entries(RESOURCES).flatMap(([module, names]) =>
  Object.entries(names).flatMap(([name, importable]) =>
    [...GENERIC, ...(importable ? IMPORT : [])].map((action) => `/${module}/${name}/${action}`),
  ),
);
const ALL: readonly string[] = [...PATHS, ...resourcePathList];

type Segments<P extends string> = P extends `/${infer Head}/${infer Rest}`
  ? [Head, ...Segments<`/${Rest}`>]
  : P extends `/${infer Last}`
    ? [Last]
    : never;
type Nest<S extends readonly string[]> = S extends [infer Head extends string, ...infer Rest extends string[]]
  ? { readonly [K in Head]: Rest extends [] ? ApiPath : Nest<Rest> }
  : never;
type Branches<P extends string> = P extends string ? Nest<Segments<P>> : never;
type Merge<U> = (U extends unknown ? (tree: U) => void : never) extends (tree: infer I) => void ? I : never;
/** The tree of `API`: one level per segment of a path. */
export type ApiTree = Merge<Branches<DeclaredPath>>;

function treeOf(paths: readonly string[]): ApiTree {
  const root: Record<string, unknown> = {};
  for (const path of paths) {
    const segments = path.slice(1).split('/');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      if (typeof node[segment] === 'string') throw new Error(`${path}: a path cannot continue another`);
      node = (node[segment] ??= {}) as Record<string, unknown>;
    }
    node[segments.at(-1)!] = path;
  }
  return root as ApiTree;
}

/** The console's calls, by path segment: `API.admin.user.info` is '/admin/user/info'. */
export const API: ApiTree = treeOf(ALL);

/** Every path of `API`. */
export const declaredPaths = (): readonly ApiPath[] => ALL as readonly ApiPath[];

/** The declared resources `API` has the generic calls of (`{module}/{name}`, and whether importable). */
export const declaredResources = (): { module: string; name: string; importable: boolean }[] =>
  Object.entries(RESOURCES).flatMap(([module, names]) =>
    Object.entries(names).map(([name, importable]) => ({ module, name, importable })),
  );

/** What a declared resource's paths follow from (shared/resources/define.ts `ResourceMeta`). */
export interface ResourceRef {
  module: string;
  name: string;
  importable?: boolean;
}

/** The generic calls of a declared resource, and for an importable one its Excel template and import. */
export interface ResourcePaths {
  list: ApiPath;
  info: ApiPath;
  add: ApiPath;
  update: ApiPath;
  del: ApiPath;
  /** The export of the current filter (a file in /fileExport). */
  export: ApiPath;
  template?: ApiPath;
  import?: ApiPath;
}

/**
 * The calls of a declared resource: `/{module}/{name}/list | info | add | update | del | export`, plus
 * `template | import` when it is importable (docs/product.md section 7; shared/topology/resource-routes.ts
 * declares them with the same paths).
 */
export function resourcePaths(meta: ResourceRef): ResourcePaths {
  const at = (action: string) => `/${meta.module}/${meta.name}/${action}` as ApiPath;
  return {
    list: at('list'),
    info: at('info'),
    add: at('add'),
    update: at('update'),
    del: at('del'),
    export: at('export'),
    ...(meta.importable ? { template: at('template'), import: at('import') } : {}),
  };
}

/** The calls of a kind of record: its list, and its info, add, update and del where it has them. */
export interface RecordPaths {
  list: ApiPath;
  info?: ApiPath;
  add?: ApiPath;
  update?: ApiPath;
  del?: ApiPath;
}

/** The record calls among a group of `API`'s paths (`API.admin.role`: list, info, add, update, del). */
export function recordPaths(group: RecordPaths): RecordPaths {
  const { list, info, add, update, del } = group;
  return {
    list,
    ...(info ? { info } : {}),
    ...(add ? { add } : {}),
    ...(update ? { update } : {}),
    ...(del ? { del } : {}),
  };
}
