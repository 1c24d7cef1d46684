/**
 * The order pipeline's entry: a completed charging session becomes an order. The order number is derived
 * from the session, and the order is written with a condition, so a session delivered twice (queue retry, the
 * sweep's re-queue, a replayed stop) makes one order and is billed once. The session then leaves the
 * hand-off index.
 *
 * Orders carry the session's facts (energy, duration, state of charge, stop reason, start mode) and are priced
 * and settled as they are written (functions/orders/settlement.ts), in one transaction. A refused session
 * (its token not accepted) becomes a start-failure order that bills nothing and counts no energy
 * (docs/decisions/044); one the platform closed says so (`closedBy`).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { stopReasonCode } from '@shared/ocpp/stop-reasons.ts';
import { CHARGE_TYPE } from '@shared/schemas/order.ts';
import { logger } from '@functions/lib/http.ts';
import { getSession, handOffDone, isRefused, type Session } from '@functions/ocpp/transactions.ts';
import { orderKeys } from './keys.ts';
import { settleSession } from './settlement.ts';

/** SPEC.md section 3, order type: 1 operator, 2 eMsp, 3 home pile, 4 admin. */
export const ORDER_TYPE = { operator: 1, emsp: 2, homePile: 3, admin: 4 } as const;

/** A stable order number: the charger and its transaction (the same session always gives the same one). */
export const orderNoOf = (s: Pick<Session, 'chargePointId' | 'transactionId' | 'startTime'>) =>
  `${s.startTime.slice(0, 10).replace(/-/g, '')}-${s.chargePointId}-${s.transactionId}`;

export function orderOf(s: Session) {
  const orderNo = orderNoOf(s);
  const energyWh = isRefused(s) ? 0 : (s.energyWh ?? 0);
  return {
    ...orderKeys({
      orderNo,
      tenant: s.tenant,
      startTime: s.startTime,
      stationId: s.stationId,
      chargePointId: s.chargePointId,
      idTag: s.idTag,
    }),
    id: orderNo,
    orderNo,
    tenant: s.tenant,
    agentId: s.agentId,
    stationId: s.stationId,
    chargePointId: s.chargePointId,
    connectorNo: s.connectorNo,
    transactionId: s.transactionId,
    protocol: s.protocol,
    idTag: s.idTag,
    orderType: ORDER_TYPE.operator,
    startMode: s.startMode,
    startTime: s.startTime,
    endTime: s.endTime,
    totalTime: s.durationSeconds,
    meterStart: s.meterStartWh,
    meterEnd: s.meterStopWh,
    /** kWh with three decimals, from whole Wh (no binary fractions on the way). */
    totalElectricity: energyWh / 1000,
    energyWh,
    startSoc: s.startSoc,
    endSoc: s.endSoc,
    stopReason: s.stopReason,
    stopReasonCode: s.stopReason ? stopReasonCode(s.protocol, s.stopReason) : undefined,
    closedBy: s.closedBy,
    // What its remote start asked to charge; any other session charged until full (docs/decisions/170).
    chargeType: s.chargeType ?? CHARGE_TYPE.full,
    chargeValue: s.chargeValue,
    targetStopAt: s.targetStopAt,
    authStatus: s.authStatus,
    finishFlag: 1,
    payFlag: 0,
    version: 1,
    createTime: new Date().toISOString(),
  };
}

export async function handOver(
  chargePointId: string,
  transactionId: string,
): Promise<'created' | 'exists' | 'missing'> {
  const session = await getSession(chargePointId, transactionId);
  if (!session || session.status !== 'completed') return 'missing';
  const base = Object.fromEntries(Object.entries(orderOf(session)).filter(([, v]) => v !== undefined));
  const outcome = await settleSession(session, base);
  await handOffDone(chargePointId, transactionId);
  return outcome;
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const { chargePointId, transactionId } = JSON.parse(record.body) as Record<string, string>;
      if (!chargePointId || !transactionId) continue; // not ours: dropping it is the only answer
      await handOver(chargePointId, transactionId);
    } catch (error) {
      logger.error('Session hand-off failed', { error: String(error), messageId: record.messageId });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
