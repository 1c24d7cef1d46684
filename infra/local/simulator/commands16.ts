/**
 * OCPP 1.6 commands a simulated charger answers (Core, Firmware Management, Local Auth List, Reservation,
 * Smart Charging, Remote Trigger, and the security extension's), each with a schema-valid CALLRESULT and the
 * follow-up messages a real charger sends (status notifications, a session, firmware progress...).
 */
import type { ChargingProfile, CommandHandler, Json, SimulatedCharger } from './charger.ts';
import { fitsType } from './settings.ts';

const ISO = () => new Date().toISOString();
const accepted = (status = 'Accepted') => ({ result: { status } });

interface Schedule16 {
  chargingRateUnit: 'A' | 'W';
  chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
  startSchedule?: string;
}
interface Profile16 {
  chargingProfileId: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  transactionId?: number;
  chargingSchedule: Schedule16;
}

function toProfile(p: Profile16): ChargingProfile {
  const start = p.chargingSchedule.startSchedule ? Date.parse(p.chargingSchedule.startSchedule) : Date.now();
  return {
    id: p.chargingProfileId,
    purpose: p.chargingProfilePurpose,
    stackLevel: p.stackLevel,
    transactionId: p.transactionId,
    unit: p.chargingSchedule.chargingRateUnit,
    periods: [...p.chargingSchedule.chargingSchedulePeriod].sort((a, b) => a.startPeriod - b.startPeriod),
    startsAt: Number.isFinite(start) ? start : Date.now(),
    raw: p as unknown as Json,
  };
}

/** Sends what TriggerMessage / ExtendedTriggerMessage asked for; false when it is not supported. */
function trigger(ch: SimulatedCharger, message: string, connectorId?: number): boolean {
  const one = connectorId !== undefined && connectorId > 0 ? ch.connectors[connectorId] : undefined;
  const targets = one ? [one] : ch.connectors;
  switch (message) {
    case 'BootNotification':
      void ch.boot();
      return true;
    case 'Heartbeat':
      ch.fire('Heartbeat', {});
      return true;
    case 'StatusNotification':
      for (const c of targets) {
        const m = ch.statusPayload(c);
        if (m) ch.fire(m.action, m.payload);
      }
      return true;
    case 'MeterValues':
      for (const c of targets) if (c.id > 0) ch.sendMeterValues(c, 'Trigger');
      return true;
    case 'FirmwareStatusNotification':
      ch.fire('FirmwareStatusNotification', { status: firmwareStatus16(ch.firmware.status) });
      return true;
    case 'DiagnosticsStatusNotification':
      ch.fire('DiagnosticsStatusNotification', { status: diagnosticsStatus16(ch.diagnostics.status) });
      return true;
    case 'LogStatusNotification':
      ch.fire('LogStatusNotification', {
        status: logStatus(ch.diagnostics.status),
        ...(ch.diagnostics.requestId !== undefined ? { requestId: ch.diagnostics.requestId } : {}),
      });
      return true;
    default:
      return false;
  }
}

const firmwareStatus16 = (s: string) =>
  [
    'Downloaded',
    'DownloadFailed',
    'Downloading',
    'Idle',
    'InstallationFailed',
    'Installing',
    'Installed',
  ].includes(s)
    ? s
    : 'Idle';
const diagnosticsStatus16 = (s: string) => (s === 'Uploading' ? 'Uploading' : 'Idle');
const logStatus = (s: string) => (s === 'Uploading' ? 'Uploading' : 'Idle');

export const commands16: Record<string, CommandHandler> = {
  Reset: (ch, p) => ({
    result: { status: 'Accepted' },
    after: () => ch.reboot(p.type === 'Hard' ? 'HardReset' : 'SoftReset', 'RemoteReset'),
  }),

  UnlockConnector: (ch, p) => {
    const c = ch.connector(Number(p.connectorId));
    if (!c || c.id === 0) return accepted('NotSupported');
    return { result: { status: 'Unlocked' }, after: () => ch.stopSession(c.id, 'UnlockCommand') };
  },

  ChangeAvailability: (ch, p) => ({
    result: { status: ch.changeAvailability(Number(p.connectorId), p.type === 'Operative') },
  }),

  GetConfiguration: (ch, p) => {
    const keys = Array.isArray(p.key) && p.key.length ? (p.key as string[]) : [...ch.configuration.keys()];
    const configurationKey: Json[] = [];
    const unknownKey: string[] = [];
    for (const key of keys) {
      const entry = ch.configuration.get(key);
      if (entry) configurationKey.push({ key, readonly: entry.readonly, value: entry.value });
      else unknownKey.push(key);
    }
    return { result: { configurationKey, ...(unknownKey.length ? { unknownKey } : {}) } };
  },

  ChangeConfiguration: (ch, p) => {
    const key = String(p.key);
    const value = String(p.value);
    const entry = ch.configuration.get(key);
    if (!entry) return accepted('NotSupported');
    if (entry.readonly || !fitsType(entry.type, value)) return accepted('Rejected');
    entry.value = value;
    if (key === 'HeartbeatInterval') ch.setHeartbeatInterval(Number(value));
    return accepted();
  },

  ClearCache: () => accepted(),

  RemoteStartTransaction: (ch, p) => {
    const idTag = String(p.idTag);
    const wanted = p.connectorId !== undefined ? ch.connector(Number(p.connectorId)) : undefined;
    const c =
      wanted ??
      ch.connectors
        .slice(1)
        .find(
          (x) => !x.session && !x.fault && x.operative && (!x.reservation || x.reservation.idTag === idTag),
        );
    if (!c || c.id === 0 || c.session || c.fault || !c.operative) return accepted('Rejected');
    if (c.reservation && c.reservation.idTag !== idTag) return accepted('Rejected');
    const profile = p.chargingProfile as Profile16 | undefined;
    return {
      result: { status: 'Accepted' },
      after: async () => {
        await ch.startSession(c.id, idTag, { remote: true }).catch((e: Error) => ch.log(e.message));
        if (profile && c.session)
          ch.setProfile(c.id, toProfile({ ...profile, transactionId: Number(c.session.transactionId) }));
      },
    };
  },

  RemoteStopTransaction: (ch, p) => {
    const c = ch.findTransaction(p.transactionId);
    if (!c) return accepted('Rejected');
    return { result: { status: 'Accepted' }, after: () => ch.stopSession(c.id, 'Remote') };
  },

  ReserveNow: (ch, p) => ({
    result: {
      status: ch.reserve(
        Number(p.connectorId),
        Number(p.reservationId),
        String(p.idTag),
        Date.parse(String(p.expiryDate)),
      ),
    },
  }),

  CancelReservation: (ch, p) =>
    accepted(ch.cancelReservation(Number(p.reservationId)) ? 'Accepted' : 'Rejected'),

  UpdateFirmware: (ch, p) => ({
    result: {},
    after: () =>
      ch.updateFirmware(String(p.location), Date.parse(String(p.retrieveDate)), (status) =>
        ch.fire('FirmwareStatusNotification', { status }, { persistent: true }),
      ),
  }),

  GetDiagnostics: (ch, p) => {
    const fileName = `diagnostics-${ch.id}-${Date.now()}.log`.slice(0, 255);
    return {
      result: { fileName },
      after: () =>
        ch.upload(String(p.location), fileName, (status) => {
          ch.diagnostics.status = status === 'Uploading' ? 'Uploading' : 'Idle';
          const mapped = status === 'Failed' ? 'UploadFailed' : status;
          ch.fire('DiagnosticsStatusNotification', { status: mapped }, { persistent: true });
        }),
    };
  },

  SendLocalList: (ch, p) => {
    const version = Number(p.listVersion);
    const list = (p.localAuthorizationList ?? []) as { idTag: string; idTagInfo?: Json }[];
    if (p.updateType === 'Differential' && version <= ch.localList.version)
      return accepted('VersionMismatch');
    if (p.updateType === 'Full') ch.localList.entries.clear();
    for (const e of list) {
      if (e.idTagInfo) ch.localList.entries.set(e.idTag, e.idTagInfo);
      else ch.localList.entries.delete(e.idTag);
    }
    ch.localList.version = version;
    return accepted();
  },

  GetLocalListVersion: (ch) => ({ result: { listVersion: ch.localList.version } }),

  SetChargingProfile: (ch, p) => {
    const profile = p.csChargingProfiles as unknown as Profile16;
    const connectorId = Number(p.connectorId);
    const c = ch.connector(connectorId);
    if (!c) return accepted('Rejected');
    if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0)
      return accepted('Rejected');
    if (profile.chargingProfilePurpose === 'TxProfile') {
      if (!c.session) return accepted('Rejected');
      if (
        profile.transactionId !== undefined &&
        String(profile.transactionId) !== String(c.session.transactionId)
      )
        return accepted('Rejected');
    }
    return accepted(ch.setProfile(connectorId, toProfile(profile)) ? 'Accepted' : 'Rejected');
  },

  ClearChargingProfile: (ch, p) => {
    const removed = ch.clearProfiles(
      (connectorId, profile) =>
        (p.id === undefined || profile.id === p.id) &&
        (p.connectorId === undefined || connectorId === p.connectorId) &&
        (p.chargingProfilePurpose === undefined || profile.purpose === p.chargingProfilePurpose) &&
        (p.stackLevel === undefined || profile.stackLevel === p.stackLevel),
    );
    return accepted(removed ? 'Accepted' : 'Unknown');
  },

  GetCompositeSchedule: (ch, p) => {
    const connectorId = Number(p.connectorId);
    const c = ch.connector(connectorId === 0 ? 1 : connectorId);
    if (!c) return accepted('Rejected');
    const unit = p.chargingRateUnit === 'A' ? 'A' : 'W';
    const limitW = ch.limitW(c) ?? c.electrical.maxPowerW;
    const volts = c.electrical.powerType === 'AC' ? 230 * c.electrical.phases : 400;
    const limit = Math.round((unit === 'W' ? limitW : limitW / volts) * 10) / 10;
    return {
      result: {
        status: 'Accepted',
        connectorId,
        scheduleStart: ISO(),
        chargingSchedule: {
          duration: Number(p.duration),
          chargingRateUnit: unit,
          chargingSchedulePeriod: [{ startPeriod: 0, limit }],
        },
      },
    };
  },

  TriggerMessage: (ch, p) => {
    const connectorId = p.connectorId === undefined ? undefined : Number(p.connectorId);
    if (connectorId !== undefined && !ch.connector(connectorId)) return accepted('Rejected');
    const message = String(p.requestedMessage);
    const known = [
      'BootNotification',
      'DiagnosticsStatusNotification',
      'FirmwareStatusNotification',
      'Heartbeat',
      'MeterValues',
      'StatusNotification',
    ];
    if (!known.includes(message)) return accepted('NotImplemented');
    return { result: { status: 'Accepted' }, after: () => trigger(ch, message, connectorId) };
  },

  DataTransfer: (_ch, p) => ({
    result: { status: 'Accepted', ...(typeof p.data === 'string' ? { data: p.data } : {}) },
  }),

  // ------------------------------------------------------------ security extension (OCPP 1.6 security whitepaper)

  ExtendedTriggerMessage: (ch, p) => {
    const connectorId = p.connectorId === undefined ? undefined : Number(p.connectorId);
    const message = String(p.requestedMessage);
    if (message === 'SignChargePointCertificate') return accepted('NotImplemented');
    return { result: { status: 'Accepted' }, after: () => trigger(ch, message, connectorId) };
  },

  GetLog: (ch, p) => {
    const log = p.log as { remoteLocation: string };
    const requestId = Number(p.requestId);
    const filename = `${String(p.logType).toLowerCase()}-${ch.id}-${Date.now()}.log`.slice(0, 255);
    return {
      result: { status: 'Accepted', filename },
      after: () =>
        ch.upload(log.remoteLocation, filename, (status) => {
          ch.diagnostics = { status: status === 'Uploading' ? 'Uploading' : 'Idle', requestId };
          const mapped = status === 'Failed' ? 'UploadFailure' : status;
          ch.fire('LogStatusNotification', { status: mapped, requestId }, { persistent: true });
        }),
    };
  },

  SignedUpdateFirmware: (ch, p) => {
    const firmware = p.firmware as { location: string; retrieveDateTime: string };
    const requestId = Number(p.requestId);
    return {
      result: { status: 'Accepted' },
      after: () =>
        ch.updateFirmware(
          firmware.location,
          Date.parse(firmware.retrieveDateTime),
          (status) =>
            ch.fire('SignedFirmwareStatusNotification', { status, requestId }, { persistent: true }),
          { signed: true, rebootingStatus: true },
        ),
    };
  },

  InstallCertificate: () => accepted(),
  DeleteCertificate: () => accepted('NotFound'),
  GetInstalledCertificateIds: () => accepted('NotFound'),
  CertificateSigned: () => accepted(),
};
