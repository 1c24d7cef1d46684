/**
 * OCPP 2.0.1 actions a charging station calls. A gun number is the station's EVSE id (one connector per
 * EVSE, as the console models piles). Transactions are the station's own (TransactionEvent); a Started
 * event that was lost is made up by the first Updated or Ended one.
 */
import { chargingStateApplies, connectorStateOf } from '@shared/ocpp/connector-state.ts';
import { raiseAlarm, recoverAlarms } from '@functions/alarms/service.ts';
import { saveReportPart, type ReportPart } from '@functions/commands/reports.ts';
import { saveReportedMonitors, saveReportedVariables } from '@functions/commands/device-model.ts';
import { getLive, setLive } from '@functions/chargepoints/live.ts';
import { logger } from '@functions/lib/logger.ts';
import { remoteStartIdChoice } from '@functions/commands/remote-start-marks.ts';
import { emit } from '@functions/lib/events.ts';
import type { Action } from '@functions/ocpp-messages/frames.ts';
import {
  bootAction,
  dataTransfer,
  heartbeat,
  knownCharger,
  liveStatusAction,
  now,
  securityEvent,
  str,
  type Payload,
} from '../action-kit.ts';
import { authorizeToken, idTokenInfo201, type AuthResult, type StartedBy } from '../authorize.ts';
import { chargerRef, type ChargerContext } from '@functions/chargepoints/charger.ts';
import { reportStatus } from '../status.ts';
import {
  completeSession,
  endingSessionsAtBoot,
  getSession,
  recordSamples,
  sessionAuthorized,
  START_MODE,
  startedSessionId,
  startSession,
  transactionSession,
  type MeterSample,
} from '@functions/sessions/transactions.ts';

declare module '@functions/lib/events.ts' {
  interface Events {
    /** 2.0.1 ReservationStatusUpdate: Expired and Removed end the reservation order. */
    reservationStatusChanged: { chargePointId: string; reservationId: number; status: string };
  }
}

const known = knownCharger('ocpp2.0.1');
const liveStatus = liveStatusAction('ocpp2.0.1');

/** 2.0.1 MeterValueType[] → samples (values are numbers; unitOfMeasure has a unit and a power of ten). */
export function samples201(meterValue: unknown): MeterSample[] {
  return ((meterValue as Payload[]) ?? []).map((mv) => ({
    timestamp: String(mv.timestamp),
    values: ((mv.sampledValue as Payload[]) ?? []).map((v) => {
      const unit = (v.unitOfMeasure as Payload | undefined) ?? {};
      const multiplier = Number(unit.multiplier ?? 0);
      return {
        value: Number(v.value) * 10 ** multiplier,
        measurand: str(v.measurand) ?? 'Energy.Active.Import.Register',
        unit: str(unit.unit) ?? (v.measurand === undefined ? 'Wh' : undefined),
        phase: str(v.phase),
        context: str(v.context),
      };
    }),
  }));
}

/** The energy register in a set of samples (the earliest), for a session whose start was not seen. */
const firstRegister = (samples: MeterSample[]) =>
  samples
    .flatMap((s) => s.values.filter((v) => v.measurand === 'Energy.Active.Import.Register' && !v.phase))
    .map((v) => (v.unit === 'kWh' ? v.value * 1000 : v.value))[0];

const bootNotification = endingSessionsAtBoot(
  bootAction('ocpp2.0.1', (p) => {
    const station = (p.chargingStation as Payload) ?? {};
    const modem = (station.modem as Payload) ?? {};
    return {
      vendor: str(station.vendorName),
      model: str(station.model),
      serialNumber: str(station.serialNumber),
      firmwareVersion: str(station.firmwareVersion),
      iccid: str(modem.iccid),
      imsi: str(modem.imsi),
      reason: str(p.reason),
    };
  }),
);

const statusNotification = known(
  async (charger, p) => {
    await reportStatus(charger, {
      connectorNo: Number(p.evseId),
      status: String(p.connectorStatus),
      at: str(p.timestamp) ?? now(),
    });
    return {};
  },
  () => ({}),
);

const authorize = known(
  async (charger, p) => {
    const token = (p.idToken as Payload) ?? {};
    return { idTokenInfo: idTokenInfo201(await tokenResult(charger, token)) };
  },
  () => ({ idTokenInfo: { status: 'Invalid' } }),
);

/**
 * Tokens the station vouches for itself (no authorisation) are accepted; a roaming partner's own remote start
 * is the partner's (docs/decisions/432).
 */
async function tokenResult(
  charger: ChargerContext,
  token: Payload,
  startedBy?: StartedBy,
): Promise<AuthResult> {
  if (token.type === 'NoAuthorization' && !startedBy?.partnerId)
    return { status: 'Accepted', source: 'none' };
  return authorizeToken(charger, String(token.idToken ?? ''), undefined, startedBy);
}

const START_MODES: Record<string, number> = {
  RemoteStart: START_MODE.app,
  Authorized: START_MODE.card,
  CablePluggedIn: START_MODE.plugAndCharge,
};

const transactionEvent = known(
  async (charger, p) => {
    const info = (p.transactionInfo as Payload) ?? {};
    // The station's id; a session that reused it has its own (docs/decisions/441).
    const stationTransactionId = String(info.transactionId);
    const evse = (p.evse as Payload | undefined) ?? {};
    const timestamp = String(p.timestamp);
    const samples = samples201(p.meterValue);
    // The RequestStartTransaction it names: its charge choice (docs/decisions/170), a roaming partner's the
    // partner whose session it is (docs/decisions/432), and the idToken it sent (docs/decisions/441).
    const remote =
      info.remoteStartId !== undefined
        ? await remoteStartIdChoice(charger.chargePointId, Number(info.remoteStartId))
        : undefined;
    const started = p.eventType === 'Started';
    // A Started event of an id whose session is over starts a new session (the station reused the id); any
    // other event is about the newest session of the id that had started by then.
    const transactionId = started
      ? await startedSessionId(charger.chargePointId, stationTransactionId, timestamp)
      : stationTransactionId;
    let session = started
      ? await getSession(charger.chargePointId, transactionId)
      : await transactionSession(charger.chargePointId, stationTransactionId, timestamp);
    // A station may leave the token out of a remote start's events: the session not yet authorised takes the
    // one the request sent, and is billed to its payer (docs/decisions/441).
    const sent = p.idToken as Payload | undefined;
    const token =
      sent ??
      (remote?.idToken && (!session || session.authStatus === undefined)
        ? { idToken: remote.idToken.idToken, type: remote.idToken.type }
        : undefined);
    const auth = token ? await tokenResult(charger, token, { partnerId: remote?.partnerId }) : undefined;

    // A Started event is recorded even when the session is known (a repeat): it closes what is still open on
    // its EVSE, and a repeat is how a start whose closing failed is retried.
    if (!session || started) {
      const connectorNo = evse.id !== undefined ? Number(evse.id) : 0;
      const charge = remote?.charge;
      await startSession(charger, {
        transactionId,
        ...(transactionId === stationTransactionId ? {} : { stationTransactionId }),
        connectorNo,
        idTag: str(token?.idToken),
        meterStartWh: firstRegister(samples) ?? 0,
        timestamp,
        startMode:
          info.remoteStartId !== undefined
            ? START_MODE.app
            : (START_MODES[String(p.triggerReason)] ?? START_MODE.card),
        authStatus: auth?.status,
        reservationId: p.reservationId === undefined ? undefined : Number(p.reservationId),
        charge,
        roaming: auth?.roaming,
      });
      session = await getSession(charger.chargePointId, transactionId);
    } else if (auth && session.authStatus === undefined)
      await sessionAuthorized(session, { idTag: str(token?.idToken), authStatus: auth.status });
    const sessionId = session?.transactionId ?? transactionId;
    if (samples.length) await recordSamples(charger, { transactionId: sessionId, samples });

    // The state an ended session reports late is not the connector's.
    const chargingState = str(info.chargingState);
    if (chargingState && session?.status === 'active') {
      const live = await getLive(charger.chargePointId);
      const current = live.connectors[String(session.connectorNo)];
      if (chargingStateApplies(current?.state))
        await reportStatus(charger, {
          connectorNo: session.connectorNo,
          status: chargingState,
          state: connectorStateOf('ocpp2.0.1', chargingState),
          at: timestamp,
        });
    }
    if (p.eventType === 'Ended')
      await completeSession(charger, {
        transactionId: sessionId,
        timestamp,
        reason: str(info.stoppedReason) ?? 'Local',
        idTag: str(sent?.idToken),
      });
    // A session charged up to a value is stopped once it reaches it.
    else await emit('sessionMetered', { chargePointId: charger.chargePointId, transactionId: sessionId });
    return auth ? { idTokenInfo: idTokenInfo201(auth) } : {};
  },
  () => ({ idTokenInfo: { status: 'Invalid' } }),
);

const meterValues = known(
  async (charger, p) => {
    await recordSamples(charger, { connectorNo: Number(p.evseId), samples: samples201(p.meterValue) });
    return {};
  },
  () => ({}),
);

/**
 * NotifyEvent: a component reporting a problem raises an alarm (code: the technical code, or the component
 * and variable), its clearing recovers it.
 */
const notifyEvent = known(
  async (charger, p) => {
    const ref = chargerRef(charger);
    for (const event of (p.eventData as Payload[]) ?? []) {
      const component = (event.component as Payload) ?? {};
      const variable = (event.variable as Payload) ?? {};
      const evse = (component.evse as Payload | undefined) ?? {};
      const connectorId = evse.id !== undefined ? Number(evse.id) : 0;
      const problem =
        (variable.name === 'Problem' && String(event.actualValue).toLowerCase() === 'true') ||
        event.trigger === 'Alerting';
      const cleared =
        event.cleared === true ||
        (variable.name === 'Problem' && String(event.actualValue).toLowerCase() === 'false');
      const at = str(event.timestamp) ?? now();
      if (cleared) await recoverAlarms(ref, { connectorId, at });
      else if (problem)
        await raiseAlarm(ref, {
          connectorId,
          code: str(event.techCode) ?? `${String(component.name)}.${String(variable.name)}`,
          vendorCode: str(event.techCode),
          info: str(event.techInfo) ?? str(event.actualValue),
          at,
        });
    }
    return {};
  },
  () => ({}),
);

/**
 * NotifyReport (the answer to GetBaseReport or GetReport, in parts): each part kept by request
 * (commands/reports.ts), and what it says of each variable kept for the charger (commands/device-model.ts,
 * docs/decisions/462-variable-monitoring-from-the-chargers-reports.md).
 */
const notifyReport = known(
  async (charger, p) => {
    await Promise.all([
      saveReportPart(charger.chargePointId, p as unknown as ReportPart),
      saveReportedVariables(charger.chargePointId, p),
    ]);
    return {};
  },
  () => ({}),
);

/** NotifyMonitoringReport (the answer to GetMonitoringReport): the monitors per variable (decision 462). */
const notifyMonitoringReport = known(
  async (charger, p) => {
    await saveReportedMonitors(charger.chargePointId, p);
    return {};
  },
  () => ({}),
);

export const actions201: Record<string, Action> = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  TransactionEvent: transactionEvent,
  MeterValues: meterValues,
  NotifyReport: notifyReport,
  NotifyMonitoringReport: notifyMonitoringReport,
  NotifyEvent: notifyEvent,
  SecurityEventNotification: securityEvent,
  FirmwareStatusNotification: liveStatus('firmwareStatus'),
  LogStatusNotification: liveStatus('logStatus'),
  NotifyChargingLimit: known(
    async (charger, p) => {
      await setLive(charger.chargePointId, { chargingLimit: { ...p, at: now() } });
      return {};
    },
    () => ({}),
  ),
  // Kept on the live item; Expired and Removed end the reservation order (functions/orders/reservations.ts).
  ReservationStatusUpdate: known(
    async (charger, p) => {
      await setLive(charger.chargePointId, {
        [`reservation_${String(p.reservationId)}`]: p.reservationUpdateStatus,
      });
      await emit('reservationStatusChanged', {
        chargePointId: charger.chargePointId,
        reservationId: Number(p.reservationId),
        status: String(p.reservationUpdateStatus),
      }).catch((error: unknown) => logger.error('Ending a reservation failed', { error: String(error) }));
      return {};
    },
    () => ({}),
  ),
  DataTransfer: dataTransfer,
};
