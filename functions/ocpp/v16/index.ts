/**
 * OCPP 1.6 actions a charger calls (core profile, firmware and diagnostics notifications, and the security
 * extension's notifications). Payloads are already valid against the official schemas when they get here,
 * and answers are checked against them before they leave.
 */
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
import { authorizeToken, idTagInfo16 } from '../authorize.ts';
import { reportStatus } from '../status.ts';
import { takeRemoteStart } from '@functions/commands/remote-start-marks.ts';
import { emit } from '@functions/lib/events.ts';
import {
  completeSession,
  endingSessionsAtBoot,
  normalise,
  recordSamples,
  START_MODE,
  startSession,
  type MeterSample,
} from '@functions/sessions/transactions.ts';

const known = knownCharger('ocpp1.6');
const liveStatus = liveStatusAction('ocpp1.6');

/** 1.6 MeterValue[] → samples (values are decimal strings). */
export function samples16(meterValue: unknown): MeterSample[] {
  return ((meterValue as Payload[]) ?? []).map((mv) => ({
    timestamp: String(mv.timestamp),
    values: ((mv.sampledValue as Payload[]) ?? [])
      .map((v) => ({
        value: Number(v.value),
        measurand: str(v.measurand) ?? 'Energy.Active.Import.Register',
        unit: str(v.unit) ?? (str(v.measurand) === undefined ? 'Wh' : undefined),
        phase: str(v.phase),
        context: str(v.context),
      }))
      .filter((v) => Number.isFinite(v.value)),
  }));
}

const bootNotification = endingSessionsAtBoot(
  bootAction('ocpp1.6', (p) => ({
    vendor: str(p.chargePointVendor),
    model: str(p.chargePointModel),
    serialNumber: str(p.chargePointSerialNumber) ?? str(p.chargeBoxSerialNumber),
    firmwareVersion: str(p.firmwareVersion),
    iccid: str(p.iccid),
    imsi: str(p.imsi),
    meterType: str(p.meterType),
    meterSerialNumber: str(p.meterSerialNumber),
  })),
);

const statusNotification = known(
  async (charger, p) => {
    await reportStatus(charger, {
      connectorNo: Number(p.connectorId),
      status: String(p.status),
      at: str(p.timestamp) ?? now(),
      errorCode: str(p.errorCode),
      vendorErrorCode: str(p.vendorErrorCode),
      info: str(p.info),
    });
    return {};
  },
  () => ({}),
);

const authorize = known(
  async (charger, p) => ({ idTagInfo: idTagInfo16(await authorizeToken(charger, String(p.idTag))) }),
  () => ({ idTagInfo: { status: 'Invalid' } }),
);

const startTransaction = known(
  async (charger, p) => {
    const idTag = String(p.idTag);
    const connectorNo = Number(p.connectorId);
    // A recent accepted RemoteStartTransaction for this connector and idTag: started remotely; a roaming
    // partner's is the partner's session (docs/decisions/432).
    const remote = await takeRemoteStart(charger.chargePointId, connectorNo, idTag);
    const auth = await authorizeToken(charger, idTag, undefined, { partnerId: remote?.partnerId });
    // The session is recorded whatever the answer: the charger may have started it offline, and the
    // order pipeline must see the energy it delivered.
    const { transactionId } = await startSession(charger, {
      connectorNo,
      idTag,
      meterStartWh: Number(p.meterStart),
      timestamp: String(p.timestamp),
      startMode: remote ? START_MODE.app : START_MODE.card,
      authStatus: auth.status,
      reservationId: p.reservationId === undefined ? undefined : Number(p.reservationId),
      charge: remote?.charge,
      roaming: auth.roaming,
    });
    return { transactionId: Number(transactionId), idTagInfo: idTagInfo16(auth) };
  },
  // A charger that is no longer registered: refuse the token, give a transaction id it can stop.
  () => ({ transactionId: 0, idTagInfo: { status: 'Invalid' } }),
);

const meterValues = known(
  async (charger, p) => {
    const transactionId = p.transactionId === undefined ? undefined : String(p.transactionId);
    await recordSamples(charger, {
      transactionId,
      connectorNo: Number(p.connectorId),
      samples: samples16(p.meterValue),
    });
    // A session charged up to a value is stopped once it reaches it.
    if (transactionId !== undefined)
      await emit('sessionMetered', { chargePointId: charger.chargePointId, transactionId });
    return {};
  },
  () => ({}),
);

const stopTransaction = known(
  async (charger, p) => {
    const transactionId = String(p.transactionId);
    const data = samples16(p.transactionData);
    if (data.length) await recordSamples(charger, { transactionId, samples: data });
    await completeSession(charger, {
      transactionId,
      meterStopWh: normalise({
        value: Number(p.meterStop),
        measurand: 'Energy.Active.Import.Register',
        unit: 'Wh',
      }),
      timestamp: String(p.timestamp),
      reason: str(p.reason) ?? 'Local',
      idTag: str(p.idTag),
    });
    const idTag = str(p.idTag);
    return idTag ? { idTagInfo: idTagInfo16(await authorizeToken(charger, idTag)) } : {};
  },
  () => ({}),
);

export const actions16: Record<string, Action> = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  StartTransaction: startTransaction,
  MeterValues: meterValues,
  StopTransaction: stopTransaction,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: liveStatus('diagnosticsStatus'),
  FirmwareStatusNotification: liveStatus('firmwareStatus'),
  // Security extension (OCPP 1.6 security whitepaper).
  SecurityEventNotification: securityEvent,
  SignedFirmwareStatusNotification: liveStatus('firmwareStatus'),
  LogStatusNotification: liveStatus('logStatus'),
  // The platform runs no certificate authority: a signing request is refused.
  SignCertificate: async () => ({ status: 'Rejected' }),
};
