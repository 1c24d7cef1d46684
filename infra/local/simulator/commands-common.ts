/**
 * What the OCPP 1.6 and 2.0.1 commands (commands16.ts, commands201.ts) share: the answer helpers, a charging
 * profile in the simulator's form, and the logic of the commands both versions carry under their own field
 * names (remote start and stop, reservations, the local list, charging profiles, composite schedules, logs,
 * certificates). Each version reads its own payload and hands the values over.
 */
import type {
  ChargingProfile,
  CommandHandler,
  CommandOutcome,
  Connector,
  Json,
  SimulatedCharger,
} from './charger.ts';

export const ISO = () => new Date().toISOString();
export const accepted = (status = 'Accepted') => ({ result: { status } });

/** A charging schedule, the same in both versions (2.0.1 sends a list of them, of which the first counts). */
export interface Schedule {
  chargingRateUnit: 'A' | 'W';
  chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
  startSchedule?: string;
  /** Seconds the schedule lasts; after it the profile below it applies. */
  duration?: number;
}

/** A profile as the simulator keeps it: its periods in order, from its schedule's start (or now). */
export function toChargingProfile(
  p: { stackLevel: number; chargingProfilePurpose: string; transactionId?: number | string },
  id: number,
  schedule: Schedule,
): ChargingProfile {
  const start = schedule.startSchedule ? Date.parse(schedule.startSchedule) : Date.now();
  return {
    id,
    purpose: p.chargingProfilePurpose,
    stackLevel: p.stackLevel,
    transactionId: p.transactionId,
    unit: schedule.chargingRateUnit,
    periods: [...schedule.chargingSchedulePeriod].sort((a, b) => a.startPeriod - b.startPeriod),
    startsAt: Number.isFinite(start) ? start : Date.now(),
    ...(typeof schedule.duration === 'number' && schedule.duration > 0
      ? { endsAt: (Number.isFinite(start) ? start : Date.now()) + schedule.duration * 1000 }
      : {}),
    raw: p as unknown as Json,
  };
}

/** StatusNotification for each of these connectors that has one to send. */
export function fireStatus(ch: SimulatedCharger, connectors: readonly Connector[]) {
  for (const c of connectors) {
    const m = ch.statusPayload(c);
    if (m) ch.fire(m.action, m.payload);
  }
}

/**
 * RemoteStartTransaction / RequestStartTransaction: the connector asked for, or else the first free one the
 * token may use (not reserved for another); the session starts after the answer, and a profile sent along
 * (`profile`, given the session's transaction id) applies to it.
 */
export function remoteStart(
  ch: SimulatedCharger,
  connectorId: number | undefined,
  idTag: string,
  session: { remote: true; remoteStartId?: number },
  profile: ((transactionId: number | string | undefined) => ChargingProfile) | undefined,
): CommandOutcome {
  const wanted = connectorId !== undefined ? ch.connector(connectorId) : undefined;
  const c =
    wanted ??
    ch.connectors
      .slice(1)
      .find(
        (x) => !x.session && !x.fault && x.operative && (!x.reservation || x.reservation.idTag === idTag),
      );
  if (!c || c.id === 0 || c.session || c.fault || !c.operative) return accepted('Rejected');
  if (c.reservation && c.reservation.idTag !== idTag) return accepted('Rejected');
  return {
    result: { status: 'Accepted' },
    after: async () => {
      await ch.startSession(c.id, idTag, session).catch((e: Error) => ch.log(e.message));
      if (profile && c.session) ch.setProfile(c.id, profile(c.session.transactionId));
    },
  };
}

/** RemoteStopTransaction / RequestStopTransaction: the session of that transaction ends after the answer. */
export const stopTransaction: CommandHandler = (ch, p) => {
  const c = ch.findTransaction(p.transactionId);
  if (!c) return accepted('Rejected');
  return { result: { status: 'Accepted' }, after: () => ch.stopSession(c.id, 'Remote') };
};

/**
 * SendLocalList: a differential update must be newer than the list held; a full one replaces it; an entry
 * with its token's info sets it, one without removes the token. The status to answer.
 */
export function updateLocalList<E>(
  ch: SimulatedCharger,
  updateType: unknown,
  version: number,
  list: readonly E[],
  entry: (e: E) => { idTag: string; info?: Json },
): 'Accepted' | 'VersionMismatch' {
  if (updateType === 'Differential' && version <= ch.localList.version) return 'VersionMismatch';
  if (updateType === 'Full') ch.localList.entries.clear();
  for (const e of list) {
    const { idTag, info } = entry(e);
    if (info) ch.localList.entries.set(idTag, info);
    else ch.localList.entries.delete(idTag);
  }
  ch.localList.version = version;
  return 'Accepted';
}

/**
 * SetChargingProfile: refused on an unknown connector, with the station-wide purpose (`stationPurpose`) on
 * one connector, or as a TxProfile without that connector's session; otherwise the profile is set.
 */
export function setChargingProfile(
  ch: SimulatedCharger,
  connectorId: number,
  profile: { chargingProfilePurpose: string; transactionId?: number | string },
  stationPurpose: string,
  toProfile: () => ChargingProfile,
): CommandOutcome {
  const c = ch.connector(connectorId);
  if (!c) return accepted('Rejected');
  if (profile.chargingProfilePurpose === stationPurpose && connectorId !== 0) return accepted('Rejected');
  if (profile.chargingProfilePurpose === 'TxProfile') {
    if (!c.session) return accepted('Rejected');
    if (
      profile.transactionId !== undefined &&
      String(profile.transactionId) !== String(c.session.transactionId)
    )
      return accepted('Rejected');
  }
  return accepted(ch.setProfile(connectorId, toProfile()) ? 'Accepted' : 'Rejected');
}

/** ClearChargingProfile: the profiles matching every criterion given (an absent one matches all). */
export function clearChargingProfiles(
  ch: SimulatedCharger,
  criteria: { id?: unknown; connectorId?: unknown; purpose?: unknown; stackLevel?: unknown },
): CommandOutcome {
  const removed = ch.clearProfiles(
    (connectorId, profile) =>
      (criteria.id === undefined || profile.id === criteria.id) &&
      (criteria.connectorId === undefined || connectorId === criteria.connectorId) &&
      (criteria.purpose === undefined || profile.purpose === criteria.purpose) &&
      (criteria.stackLevel === undefined || profile.stackLevel === criteria.stackLevel),
  );
  return accepted(removed ? 'Accepted' : 'Unknown');
}

/**
 * GetCompositeSchedule: the one limit in force on a connector (the station's: connector 1's), in the unit
 * asked for (watts unless amperes); undefined for an unknown connector.
 */
export function compositeLimit(
  ch: SimulatedCharger,
  connectorId: number,
  rateUnit: unknown,
): { unit: 'A' | 'W'; limit: number } | undefined {
  const c = ch.connector(connectorId === 0 ? 1 : connectorId);
  if (!c) return undefined;
  const unit = rateUnit === 'A' ? 'A' : 'W';
  const limitW = ch.limitW(c) ?? c.electrical.maxPowerW;
  const volts = c.electrical.powerType === 'AC' ? 230 * c.electrical.phases : 400;
  return { unit, limit: Math.round((unit === 'W' ? limitW : limitW / volts) * 10) / 10 };
}

/**
 * The commands both versions answer alike, under the same name: ClearCache, CancelReservation, GetLog (1.6
 * security extension, 2.0.1: uploads a log file with LogStatusNotification progress) and the certificate
 * commands (none installed, every one accepted).
 */
export const sharedCommands: Record<string, CommandHandler> = {
  ClearCache: () => accepted(),

  CancelReservation: (ch, p) =>
    accepted(ch.cancelReservation(Number(p.reservationId)) ? 'Accepted' : 'Rejected'),

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

  InstallCertificate: () => accepted(),
  DeleteCertificate: () => accepted('NotFound'),
  GetInstalledCertificateIds: () => accepted('NotFound'),
  CertificateSigned: () => accepted(),
};
