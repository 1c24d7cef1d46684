/** Orders made by the real session path, for tests that need some: the OCPP services and the order pipeline. */
import type { ChargerContext } from '@functions/chargepoints/charger.ts';
import { completeSession, recordSamples, startSession } from '@functions/sessions/transactions.ts';
import { handOver, orderNoOf } from '@functions/orders/session-consumer.ts';

/** A whole session (start, three meter samples at 7.2 kW, stop) handed to the order pipeline; its order number. */
export async function recordSession(
  charger: ChargerContext,
  s: { tx: string; connectorNo: number; idTag: string; start: string; minutes: number; wh: number },
) {
  await startSession(charger, {
    connectorNo: s.connectorNo,
    idTag: s.idTag,
    meterStartWh: 1000,
    timestamp: s.start,
    startMode: 2,
    transactionId: s.tx,
  });
  const at = (m: number) => new Date(Date.parse(s.start) + m * 60_000).toISOString();
  await recordSamples(charger, {
    transactionId: s.tx,
    samples: [1, 2, 3].map((i) => ({
      timestamp: at((s.minutes * i) / 3),
      values: [
        { value: 1000 + (s.wh * i) / 3, measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        { value: 7.2, measurand: 'Power.Active.Import', unit: 'kW' },
        { value: 40 + i * 10, measurand: 'SoC', unit: 'Percent' },
      ],
    })),
  });
  await completeSession(charger, {
    transactionId: s.tx,
    meterStopWh: 1000 + s.wh,
    timestamp: at(s.minutes),
    reason: 'Local',
  });
  await handOver(charger.chargePointId, s.tx);
  return orderNoOf({ chargePointId: charger.chargePointId, transactionId: s.tx, startTime: s.start });
}
