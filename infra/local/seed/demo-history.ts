/**
 * Demo history made through the real pipeline: each session is started and stopped as a charger's messages
 * would (functions/sessions/transactions.ts: the start's events, the stop's figures) and handed to the order
 * pipeline (settlement: pricing by the charger's tariff, the paying account, rollups, fleet alerts), so the
 * orders, fund records, rollups and alerts the console shows are the ones live sessions make.
 *
 * Re-running is harmless: a 1.6 start with the same charger, connector and time is the same session, a
 * completed session is not stopped twice and an order is written once.
 */
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { completeSession, START_MODE, startSession } from '@functions/sessions/transactions.ts';
import { handOver } from '@functions/orders/session-consumer.ts';
import { appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import { DEMO_APP_USER, DEMO_FLEET } from './demo-accounts.ts';
import { demoChargerIds } from './demo-chargers.ts';
import type { SeedStep } from './index.ts';

export interface PastSession {
  chargePointId: string;
  connectorNo: number;
  idTag: string;
  /** Start, ISO. */
  start: string;
  minutes: number;
  energyWh: number;
}

/** One past session from start to order. */
export async function replaySession(past: PastSession): Promise<void> {
  const charger = await chargerContext(past.chargePointId);
  if (!charger) throw new Error(`demo history: no charger ${past.chargePointId}`);
  const end = new Date(Date.parse(past.start) + past.minutes * 60_000).toISOString();
  const { transactionId } = await startSession(charger, {
    connectorNo: past.connectorNo,
    idTag: past.idTag,
    meterStartWh: 0,
    timestamp: past.start,
    startMode: START_MODE.card,
    authStatus: 'Accepted',
  });
  await completeSession(charger, {
    transactionId,
    timestamp: end,
    meterStopWh: past.energyWh,
    reason: 'EVDisconnected',
    idTag: past.idTag,
  });
  // The hand-off queue delivers it too; whichever comes second finds the order written.
  await handOver(past.chargePointId, transactionId);
}

/** The demo fleet's last three days: its driver in the morning, its van in the afternoon. */
export function demoFleetSessions(now = Date.now()): PastSession[] {
  const dayStart = (daysAgo: number) => {
    const d = new Date(now - daysAgo * 86_400_000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  };
  return [3, 2, 1].flatMap((daysAgo, i) => [
    {
      chargePointId: demoChargerIds[0]!,
      connectorNo: 2,
      idTag: DEMO_FLEET.driverTag,
      start: new Date(dayStart(daysAgo) + 7 * 3_600_000).toISOString(),
      minutes: 40 + i * 10,
      energyWh: 12_000 + i * 3_500,
    },
    {
      chargePointId: demoChargerIds[0]!,
      connectorNo: 2,
      idTag: DEMO_FLEET.vehicleTag,
      start: new Date(dayStart(daysAgo) + 14 * 3_600_000).toISOString(),
      minutes: 55 + i * 5,
      energyWh: 21_000 + i * 2_000,
    },
  ]);
}

export const demoFleetHistory: SeedStep = {
  id: 'demo-fleet-history',
  always: false,
  history: true,
  async run() {
    for (const session of demoFleetSessions()) await replaySession(session);
  },
  describe: () => [],
};

/** The demo app's drivers besides "Demo app user": each charges with its own tag, paid from its balance. */
export const DEMO_APP_DRIVERS = [
  { id: 'demo-app-anna', userName: 'Anna Weber', email: 'anna@demo.local', tag: 'APP-TAG-002', source: 1 },
  { id: 'demo-app-ben', userName: 'Ben Schulz', email: 'ben@demo.local', tag: 'APP-TAG-003', source: 2 },
  { id: 'demo-app-chen', userName: 'Chen Li', email: 'chen@demo.local', tag: 'APP-TAG-004', source: 1 },
  { id: 'demo-app-dara', userName: 'Dara Sok', email: 'dara@demo.local', tag: 'APP-TAG-005', source: 2 },
  { id: 'demo-app-emil', userName: 'Emil Braun', email: 'emil@demo.local', tag: 'APP-TAG-006', source: 1 },
  {
    id: 'demo-app-fatma',
    userName: 'Fatma Yilmaz',
    email: 'fatma@demo.local',
    tag: 'APP-TAG-007',
    source: 3,
  },
] as const;

/** Each driver's opening top-up: enough for two months of sessions. */
const DEMO_DRIVER_BALANCE = 400;
/** How far back the demo history goes. */
export const DEMO_HISTORY_DAYS = 60;

/**
 * Two months of sessions on the demo company's chargers, the same on every start (a fixed pseudo-random
 * sequence): the app's drivers charge every few days (Emil stopped three weeks ago, Fatma started ten days
 * ago: the insight has churned and new users); the demo cards keep their balances for the live chargers.
 * Morning to evening, 8 to 40 kWh,
 * each charger's sessions apart from each other.
 */
export function demoAppSessions(now = Date.now()): PastSession[] {
  let seed = 19;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const dayStart = (daysAgo: number) => {
    const d = new Date(now - daysAgo * 86_400_000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  };
  // Chargers and connectors of the history (connector 2 of DEMO-CP-001 is the fleet's).
  const bays = [
    { chargePointId: demoChargerIds[1]!, connectorNo: 1 },
    { chargePointId: demoChargerIds[2]!, connectorNo: 2 },
    { chargePointId: demoChargerIds[3]!, connectorNo: 1 },
    { chargePointId: demoChargerIds[4]!, connectorNo: 1 },
  ];
  const hours = [7, 9, 11, 13, 16, 19];
  const out: PastSession[] = [];
  for (let daysAgo = DEMO_HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const drivers = DEMO_APP_DRIVERS.filter((d) => {
      if (d.id === 'demo-app-emil' && daysAgo < 21) return false;
      if (d.id === 'demo-app-fatma' && daysAgo > 10) return false;
      return next() < 0.4;
    }).map((d) => d.tag as string);
    drivers.forEach((idTag, i) => {
      const bay = bays[(daysAgo + i) % bays.length]!;
      const hour = hours[(i * 2 + daysAgo) % hours.length]!;
      out.push({
        ...bay,
        idTag,
        start: new Date(
          dayStart(daysAgo) + hour * 3_600_000 + Math.floor(next() * 40) * 60_000,
        ).toISOString(),
        minutes: 25 + Math.floor(next() * 60),
        energyWh: 8_000 + Math.floor(next() * 32) * 1_000,
      });
    });
  }
  return out;
}

/**
 * The demo app's drivers and their history. Sessions of different chargers are replayed side by side, those
 * of one charger in order (a charger's sessions follow each other as they did).
 */
export const demoAppHistory: SeedStep = {
  id: 'demo-app-history',
  always: false,
  history: true,
  async run() {
    const tenant = (await appUsers.getAny(DEMO_APP_USER.id))?.tenant;
    if (!tenant) return;
    for (const driver of DEMO_APP_DRIVERS)
      if (!(await appUsers.getAny(driver.id)))
        await createAppUser(
          {
            id: driver.id,
            userName: driver.userName,
            email: driver.email,
            cardNo: driver.tag,
            regSource: driver.source,
            accountBalance: DEMO_DRIVER_BALANCE,
          },
          tenant,
        );
    const byCharger = new Map<string, PastSession[]>();
    for (const s of demoAppSessions())
      byCharger.set(s.chargePointId, [...(byCharger.get(s.chargePointId) ?? []), s]);
    await Promise.all(
      [...byCharger.values()].map(async (sessions) => {
        for (const session of sessions) await replaySession(session);
      }),
    );
  },
  describe: () => [],
};
