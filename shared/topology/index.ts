/**
 * THE topology: every table, HTTP route, WebSocket route, queue, schedule, state machine, bucket and IoT
 * piece of the product, declared once. infra/cdk builds AWS resources from it; infra/local starts local
 * stand-ins from it; test/infra checks that both cover every entry.
 *
 * A domain's issue adds its routes here (and its handler module under functions/).
 */
import { API } from '@shared/api/paths.ts';
import { subscriptionPaymentDefinition } from './subscription-payment.asl.ts';
import { catalogueMetas } from '@shared/resources/catalogue/index.ts';
import { deviceMetas } from '@shared/resources/device/index.ts';
import { feeMetas } from '@shared/resources/fee/index.ts';
import { parameterResource } from '@shared/resources/parameter.ts';
import { siteMetas } from '@shared/resources/site/index.ts';
import { systemMetas } from '@shared/resources/system/index.ts';
import { alarmRoutes } from './alarm-routes.ts';
import { crmRoutes } from './crm-routes.ts';
import { driverAppRoutes } from './driver-app-routes.ts';
import { commandRoutes } from './command-routes.ts';
import { feeActionRoutes } from './fee-routes.ts';
import { fleetRoutes } from './fleet-routes.ts';
import { identityRoutes } from './identity-routes.ts';
import { ocppFileRoutes } from './ocpp-file-routes.ts';
import { ocpiRoutes } from './ocpi-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { reservationRoutes } from './reservation-routes.ts';
import { revenueRoutes } from './revenue-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { resourceActionRoutes } from './resource-action-routes.ts';
import { resourceRoutes } from './resource-routes.ts';
import { energyRoutes } from './energy-routes.ts';
import type { FunctionRef, HttpRouteDecl, Topology } from './types.ts';

const fn = (module: string, extra: Partial<FunctionRef> = {}): FunctionRef => ({ module, ...extra });

const S = 'S' as const;
const N = 'N' as const;

/** Generic index pairs of the single-table design (ElectroDB-style gsi1pk/gsi1sk ...). */
const gsi = (n: number) => ({
  name: `gsi${n}`,
  partitionKey: { name: `gsi${n}pk`, type: S },
  sortKey: { name: `gsi${n}sk`, type: S },
});

const platformRoutes: HttpRouteDecl[] = [
  { method: 'GET', path: API.health, domain: 'platform', auth: 'public' },
];

export const topology: Topology = {
  tables: [
    {
      id: 'main',
      description:
        'Single table of the domain entities (operators, users, sites, charge points, orders, ...)',
      partitionKey: { name: 'pk', type: S },
      sortKey: { name: 'sk', type: S },
      indexes: [gsi(1), gsi(2), gsi(3)],
      ttlAttribute: 'expiresAt',
      // No stream: rollups are written in the transactions of the records they sum (decision 361).
    },
    {
      id: 'connections',
      description: 'Live OCPP WebSocket connections, one per charge point',
      partitionKey: { name: 'connectionId', type: S },
      indexes: [{ name: 'byChargePoint', partitionKey: { name: 'chargePointId', type: S } }],
      ttlAttribute: 'expiresAt',
    },
    {
      id: 'ocppLog',
      description: 'Every OCPP message in and out, kept for a retention period',
      partitionKey: { name: 'chargePointId', type: S },
      sortKey: { name: 'at', type: S },
      indexes: [],
      ttlAttribute: 'expiresAt',
    },
    {
      id: 'meterValues',
      description: 'Meter samples per transaction, kept for a retention period',
      partitionKey: { name: 'transactionKey', type: S },
      sortKey: { name: 'at', type: S },
      indexes: [],
      ttlAttribute: 'expiresAt',
    },
    {
      id: 'audit',
      description: 'Audit log of every mutating call (the /log screen)',
      partitionKey: { name: 'pk', type: S },
      sortKey: { name: 'sk', type: S },
      indexes: [{ name: 'byTime', partitionKey: { name: 'day', type: S }, sortKey: { name: 'at', type: N } }],
      ttlAttribute: 'expiresAt',
    },
  ],

  domains: {
    platform: fn('functions/platform/handler.ts'),
    auth: fn('functions/auth/handler.ts'),
    admin: fn('functions/admin/handler.ts'),
    biz: fn('functions/biz/handler.ts'),
    devices: fn('functions/devices/handler.ts'),
    fees: fn('functions/fees/handler.ts'),
    orders: fn('functions/orders/handler.ts'),
    subscription: fn('functions/plans/handler.ts'),
    fleets: fn('functions/fleets/handler.ts'),
    appusers: fn('functions/appusers/handler.ts'),
    driverapp: fn('functions/driverapp/handler.ts'),
    ocpi: fn('functions/ocpi/handler.ts'),
    roaming: fn('functions/ocpi/console.ts'),
    energy: fn('functions/energy/handler.ts'),
  },

  httpAuthorizer: fn('functions/authorizer/http.ts'),

  routes: [
    ...platformRoutes,
    ...identityRoutes,
    ...[parameterResource, ...systemMetas].flatMap((meta) => resourceRoutes(meta, 'admin')),
    ...[...catalogueMetas, ...deviceMetas].flatMap((meta) => resourceRoutes(meta, 'biz')),
    ...siteMetas.flatMap((meta) => resourceRoutes(meta, 'devices')),
    ...feeMetas.flatMap((meta) => resourceRoutes(meta, 'fees')),
    ...feeActionRoutes,
    ...resourceActionRoutes,
    ...commandRoutes,
    ...ocppFileRoutes,
    ...alarmRoutes,
    ...orderRoutes,
    ...reservationRoutes,
    ...revenueRoutes,
    ...subscriptionRoutes,
    ...fleetRoutes,
    ...crmRoutes,
    ...driverAppRoutes,
    ...ocpiRoutes,
    ...energyRoutes,
  ],

  websocket: {
    path: '/ocpp',
    subprotocols: ['ocpp1.6', 'ocpp2.0.1'],
    authorizer: fn('functions/authorizer/ocpp.ts'),
    routes: {
      $connect: fn('functions/ocpp/handler.ts'),
      $default: fn('functions/ocpp/handler.ts'),
      $disconnect: fn('functions/ocpp/handler.ts'),
    },
    idleTimeoutSeconds: 600,
    maxConnectionSeconds: 7200,
    maxMessageBytes: 128 * 1024,
  },

  queues: [
    {
      id: 'commands',
      description: 'Remote commands from the console to chargers',
      consumer: fn('functions/commands/consumer.ts'),
      batchSize: 10,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 3,
      retentionSeconds: 3600,
    },
    {
      id: 'sessions',
      description: 'Completed charging sessions handed to the order pipeline',
      // A batch settles up to ten orders, each a transaction on a card, fleet or app balance: time enough on a
      // busy database that a batch is not failed and tried again for being slow (decision 263).
      consumer: fn('functions/orders/session-consumer.ts', { timeoutSeconds: 30 }),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
      retentionSeconds: 4 * 24 * 3600,
    },
    {
      id: 'ocppFollowUps',
      description:
        "What a charger's boot, connect and status reports leave to do after their answer: the sessions a boot ended, the station's live figures, roaming partners and load management told",
      // A batch may recount a large station on a busy database: time enough that it is not tried again for that.
      consumer: fn('functions/ocpp/follow-up-consumer.ts', { timeoutSeconds: 30 }),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
      retentionSeconds: 4 * 24 * 3600,
    },
    {
      id: 'ocpiPush',
      description:
        'OCPI pushes to roaming partners (EVSE status), tried again, then to the dead-letter queue',
      consumer: fn('functions/ocpi/push-consumer.ts'),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
      retentionSeconds: 4 * 24 * 3600,
    },
    {
      id: 'exports',
      description: 'File export tasks (orders, revenue, finance) written to the exports bucket',
      consumer: fn('functions/export/consumer.ts', { timeoutSeconds: 300, memoryMb: 1024 }),
      batchSize: 1,
      visibilityTimeoutSeconds: 360,
      maxReceiveCount: 3,
      retentionSeconds: 4 * 24 * 3600,
    },
  ],

  schedules: [
    {
      id: 'offlineSweep',
      description:
        "Closes connections silent past the grace period, raises offline alarms, re-queues sessions not handed over, recounts the stations' live figures",
      expression: 'rate(1 minute)',
      handler: fn('functions/ocpp/offline-sweep.ts'),
    },
    {
      id: 'commandTimeoutSweep',
      description: 'Marks commands that got no answer as timed out',
      expression: 'rate(1 minute)',
      handler: fn('functions/commands/timeout-sweep.ts'),
    },
    {
      id: 'orderSweep',
      description:
        'Ends expired reservations (with their fee), expires queue calls not served in time, closes charging sessions past their time-out or reboot grace',
      expression: 'rate(1 minute)',
      handler: fn('functions/schedules/sweep.ts'),
    },
    {
      id: 'loadBalance',
      description:
        "Adjusts the stations' charging limits to their transformer groups' power every adjust cycle (dynamic load management)",
      expression: 'rate(1 minute)',
      handler: fn('functions/energy/schedule.ts'),
    },
    {
      id: 'financeExport',
      description: "Queues the previous day's revenue export per operator",
      expression: 'cron(30 1 * * ? *)',
      handler: fn('functions/export/finance-schedule.ts'),
    },
    {
      id: 'subscriptionExpiry',
      description:
        'Starts paid renewals whose start passed and expires company subscriptions whose validity ended',
      expression: 'rate(1 hour)',
      handler: fn('functions/plans/expiry.ts'),
    },
  ],

  stateMachines: [
    {
      id: 'subscriptionPayment',
      description: 'Company subscription payment (card, extra authentication, pay-off without card, refund)',
      type: 'EXPRESS',
      definition: subscriptionPaymentDefinition as unknown as Record<string, unknown>,
      tasks: {
        CreatePayment: fn('functions/plans/payment-steps.ts', { export: 'createPayment' }),
        ConfirmPayment: fn('functions/plans/payment-steps.ts', { export: 'confirmPayment' }),
        ActivateSubscription: fn('functions/plans/payment-steps.ts', {
          export: 'activateSubscription',
        }),
        Refund: fn('functions/plans/payment-steps.ts', { export: 'refund' }),
        RecordFailure: fn('functions/plans/payment-steps.ts', { export: 'recordFailure' }),
      },
    },
  ],

  buckets: [
    { id: 'console', description: 'The built console (served by CloudFront under /charge/)' },
    { id: 'images', description: 'Station images (JPG, PNG)' },
    { id: 'firmware', description: 'Firmware files chargers download' },
    { id: 'exports', description: 'Generated export files', expireAfterDays: 30 },
  ],

  iot: {
    thingTypeName: 'EnergyBox',
    topics: {
      telemetry: 'ebox/{code}/telemetry',
      commands: 'ebox/{code}/commands',
    },
    rules: [
      {
        id: 'energyBoxTelemetry',
        description: 'Energy box telemetry into the platform',
        sql: "SELECT *, topic(2) AS code FROM 'ebox/+/telemetry'",
        handler: fn('functions/energybox/telemetry.ts'),
      },
    ],
  },
};

/**
 * Every handler reference of the topology with where it is used; a module may appear more than once (the
 * three WebSocket routes share one). The CDK stack makes one function per distinct module and export.
 */
export function allFunctionRefs(t: Topology = topology): { key: string; ref: FunctionRef }[] {
  const out: { key: string; ref: FunctionRef }[] = [];
  for (const [d, ref] of Object.entries(t.domains)) out.push({ key: `domain:${d}`, ref });
  out.push({ key: 'authorizer:http', ref: t.httpAuthorizer });
  out.push({ key: 'authorizer:ws', ref: t.websocket.authorizer });
  for (const [r, ref] of Object.entries(t.websocket.routes)) out.push({ key: `ws:${r}`, ref });
  for (const q of t.queues) out.push({ key: `queue:${q.id}`, ref: q.consumer });
  for (const s of t.schedules) out.push({ key: `schedule:${s.id}`, ref: s.handler });
  for (const m of t.stateMachines)
    for (const [task, ref] of Object.entries(m.tasks)) out.push({ key: `sfn:${m.id}:${task}`, ref });
  for (const r of t.iot.rules) out.push({ key: `iot:${r.id}`, ref: r.handler });
  return out;
}

/** Identity of a Lambda function: one function per distinct module and export. */
export const functionKey = (ref: FunctionRef): string => `${ref.module}#${ref.export ?? 'handler'}`;

/** Each handler once (the three WebSocket routes share one), in topology order. */
export function distinctFunctionRefs(t: Topology = topology): FunctionRef[] {
  const byKey = new Map<string, FunctionRef>();
  for (const { ref } of allFunctionRefs(t))
    if (!byKey.has(functionKey(ref))) byKey.set(functionKey(ref), ref);
  return [...byKey.values()];
}
