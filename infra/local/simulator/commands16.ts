/**
 * OCPP 1.6 commands a simulated charger answers (Core, Firmware Management, Local Auth List, Reservation,
 * Smart Charging, Remote Trigger, and the security extension's), each with a schema-valid CALLRESULT and the
 * follow-up messages a real charger sends (status notifications, a session, firmware progress...).
 */
import { FIRMWARE_STATUSES_16 } from '@shared/ocpp/charger-reports.ts';
import type { CommandHandler, Json, SimulatedCharger } from './charger.ts';
import * as common from './commands-common.ts';
import { accepted, ISO, type Schedule } from './commands-common.ts';
import { fitsType } from './settings.ts';

interface Profile16 {
  chargingProfileId: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  transactionId?: number;
  chargingSchedule: Schedule;
}

const toProfile = (p: Profile16) => common.toChargingProfile(p, p.chargingProfileId, p.chargingSchedule);

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
      common.fireStatus(ch, targets);
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
  (FIRMWARE_STATUSES_16 as readonly string[]).includes(s) ? s : 'Idle';
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

  RemoteStartTransaction: (ch, p) => {
    const profile = p.chargingProfile as Profile16 | undefined;
    return common.remoteStart(
      ch,
      p.connectorId !== undefined ? Number(p.connectorId) : undefined,
      String(p.idTag),
      { remote: true },
      profile && ((transactionId) => toProfile({ ...profile, transactionId: Number(transactionId) })),
    );
  },

  RemoteStopTransaction: common.stopTransaction,

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
    const list = (p.localAuthorizationList ?? []) as { idTag: string; idTagInfo?: Json }[];
    return accepted(
      common.updateLocalList(ch, p.updateType, Number(p.listVersion), list, (e) => ({
        idTag: e.idTag,
        info: e.idTagInfo,
      })),
    );
  },

  GetLocalListVersion: (ch) => ({ result: { listVersion: ch.localList.version } }),

  SetChargingProfile: (ch, p) => {
    const profile = p.csChargingProfiles as unknown as Profile16;
    return common.setChargingProfile(ch, Number(p.connectorId), profile, 'ChargePointMaxProfile', () =>
      toProfile(profile),
    );
  },

  ClearChargingProfile: (ch, p) =>
    common.clearChargingProfiles(ch, {
      id: p.id,
      connectorId: p.connectorId,
      purpose: p.chargingProfilePurpose,
      stackLevel: p.stackLevel,
    }),

  GetCompositeSchedule: (ch, p) => {
    const connectorId = Number(p.connectorId);
    const composite = common.compositeLimit(ch, connectorId, p.chargingRateUnit);
    if (!composite) return accepted('Rejected');
    const { unit, limit } = composite;
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

  ...common.sharedCommands,
};
