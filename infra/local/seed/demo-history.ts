/**
 * Demo history made through the real pipeline: each session is started and stopped as a charger's messages
 * would (functions/ocpp/transactions.ts: the start's events, the stop's figures) and handed to the order
 * pipeline (settlement: pricing by the charger's tariff, the paying account, rollups, fleet alerts), so the
 * orders, fund records, rollups and alerts the console shows are the ones live sessions make.
 *
 * Re-running is harmless: a 1.6 start with the same charger, connector and time is the same session, a
 * completed session is not stopped twice and an order is written once.
 */
import { chargerContext } from '@functions/ocpp/charger.ts';
import { completeSession, START_MODE, startSession } from '@functions/ocpp/transactions.ts';
import { handOver } from '@functions/orders/session-consumer.ts';
import { DEMO_FLEET } from './demo-accounts.ts';
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
