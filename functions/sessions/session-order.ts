/**
 * What a completed session becomes as an order (functions/orders/session-consumer.ts writes it): its
 * number and its fields. On its own so that the modules that derive an order from a session (a failed
 * remote start, the order list, the monitor) need not import the consumer's entry.
 */
import { stopReasonCode } from '@shared/ocpp/stop-reasons.ts';
import { CHARGE_TYPE } from '@shared/schemas/order.ts';
import { isRefused, type Session } from '@functions/sessions/transactions.ts';

/** docs/product.md section 3, order type: 1 operator, 2 eMsp, 3 home pile, 4 admin. */
export const ORDER_TYPE = { operator: 1, emsp: 2, homePile: 3, admin: 4 } as const;

/** A stable order number: the charger and its transaction (the same session always gives the same one). */
export const orderNoOf = (s: Pick<Session, 'chargePointId' | 'transactionId' | 'startTime'>) =>
  `${s.startTime.slice(0, 10).replace(/-/g, '')}-${s.chargePointId}-${s.transactionId}`;

export function orderOf(s: Session) {
  const orderNo = orderNoOf(s);
  const energyWh = isRefused(s) ? 0 : (s.energyWh ?? 0);
  return {
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
    // A roaming partner's driver: the partner is billed through its CDR (functions/ocpi/cdrs.ts).
    orderType: s.roaming ? ORDER_TYPE.emsp : ORDER_TYPE.operator,
    emspId: s.roaming?.partnerId,
    emspAuthorizationReference: s.roaming?.authorizationReference,
    // How the partner authorised it, for its CDR's auth_method (docs/decisions/437).
    emspAuthMethod: s.roaming?.authMethod,
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
