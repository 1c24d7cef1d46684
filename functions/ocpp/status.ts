/**
 * Connector status reports, shared by both versions: the live state moves forward (never back to an older
 * report), and entering or leaving the faulted state raises or recovers alarms.
 */
import { raiseAlarm, recoverAlarms } from '@functions/alarms/service.ts';
import { pileStatusReported } from '@functions/chargepoints/availability.ts';
import { setConnector, type ConnectorLive } from '@functions/chargepoints/live.ts';
import { emit } from '@functions/lib/events.ts';
import { chargerRef, type ChargerContext } from '@functions/chargepoints/charger.ts';
import { followChangeNow, queueFollowUp } from '@functions/chargepoints/follow-ups.ts';

declare module '@functions/lib/events.ts' {
  interface Events {
    /** A connector's reported state became available (it was not): the station's queue calls the next driver. */
    connectorAvailable: { stationId: string; chargePointId: string; connectorNo: number };
    /**
     * A connector's charging was suspended by the charger (1.6 status, 2.0.1 chargingState SuspendedEVSE):
     * the station gives no power now (a load limit, a charging profile); its session is paused.
     */
    connectorSuspended: { tenant: string; chargePointId: string; connectorNo: number; at: string };
    /**
     * A state the console shows changed: one connector's (`connectorNo`), or all of a charger's when it came
     * or went. Roaming partners are told (functions/ocpi).
     */
    connectorStatesChanged: { stationId: string; chargePointId: string; connectorNo?: number };
  }
}

export interface StatusReport {
  connectorNo: number;
  status: string;
  at: string;
  errorCode?: string;
  vendorErrorCode?: string;
  info?: string;
  state?: ConnectorLive['state'];
}

/** 1.6 ChargePointErrorCode that means "no fault". */
const NO_ERROR = 'NoError';
/** The status (1.6) and charging state (2.0.1) of a session the charger gives no power. */
const SUSPENDED_BY_CHARGER = 'SuspendedEVSE';

export async function reportStatus(charger: ChargerContext, report: StatusReport): Promise<void> {
  const { applied, previous, current } = await setConnector(
    charger.chargePointId,
    report.connectorNo,
    {
      status: report.status,
      at: report.at,
      errorCode: report.errorCode,
      vendorErrorCode: report.vendorErrorCode,
      info: report.info,
      state: report.state,
    },
    charger.protocol,
  );
  if (!applied) return;
  await pileStatusReported(charger.chargePointId, report.connectorNo, report.status);
  // The station's live figures (home dashboard) and roaming partners follow a state the console shows
  // differently, after the answer (docs/decisions/440-ocpp-answers-before-bookkeeping.md).
  // A free connector calls the station's queue (functions/orders/queue.ts), after the answer too.
  if (current.state !== previous?.state) {
    const available = current.state === 'available';
    const change = { charger, connectorNo: report.connectorNo, at: new Date().toISOString(), available };
    await queueFollowUp(
      {
        kind: 'state',
        chargePointId: charger.chargePointId,
        connectorNo: report.connectorNo,
        at: change.at,
        ...(available ? { available } : {}),
      },
      () => followChangeNow(change),
    );
  }
  if (report.status === SUSPENDED_BY_CHARGER && previous?.status !== SUSPENDED_BY_CHARGER)
    await emit('connectorSuspended', {
      tenant: charger.tenant,
      chargePointId: charger.chargePointId,
      connectorNo: report.connectorNo,
      at: report.at,
    });
  const faulted =
    current.state === 'faulted' || (report.errorCode !== undefined && report.errorCode !== NO_ERROR);
  const ref = chargerRef(charger);
  if (faulted)
    await raiseAlarm(ref, {
      connectorId: report.connectorNo,
      code: report.errorCode && report.errorCode !== NO_ERROR ? report.errorCode : 'Faulted',
      vendorCode: report.vendorErrorCode,
      info: report.info,
      at: report.at,
    });
  else if (previous?.state === 'faulted' || (previous?.errorCode && previous.errorCode !== NO_ERROR))
    await recoverAlarms(ref, { connectorId: report.connectorNo, at: report.at });
}
