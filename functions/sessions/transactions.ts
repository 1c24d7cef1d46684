/**
 * Charging sessions as chargers report them (1.6 Start/MeterValues/StopTransaction, 2.0.1 TransactionEvent)
 * and their meter samples. Every write is idempotent, so duplicates, late and offline-buffered messages are
 * harmless (docs/architecture.md section 4):
 * - a session item is created with a condition (a repeated start returns the same transaction id);
 * - samples are keyed by their own timestamp (a repeated sample overwrites itself);
 * - completion is a conditional status change (a repeated stop changes nothing, an unknown one is
 *   acknowledged), and the completed session is marked for the order pipeline in the same write.
 *
 * The hand-off to the order pipeline is an outbox: completion puts the session on the `TXHANDOFF` index and
 * queues it; the order consumer takes it off once the order exists; the sweep re-queues what is left, so a
 * crash between the two never loses a session.
 *
 * Sessions that outlive their end or were never allowed (docs/decisions/040-045):
 * - a refused session (its token not Accepted) and one the charger never stops are closed by the platform:
 *   by the next session on their connector, by a reboot of the charger (a refused one at once, another once
 *   the charger has had the grace to send its own stop) or by a time-out (`closeStaleSessions`); the close
 *   is the same conditional completion, so a session ends once whoever ends it;
 * - meter samples outside a session's life (after its end, of an unknown or a refused transaction) are kept
 *   under their own key (`samplesOutside`) and never move a session's figures or reach its order.
 * While a session is active its gsi3 entry says when it is due for a time-out, by the platform's clock:
 * `TXOPEN` by its last message (start or sample), `TXREFUSED` by its refusal, `TXBOOT` by the boot that
 * ended it.
 *
 * A 2.0.1 station that reuses a transaction id after its session ended (a reset) starts a new session with an
 * id of its own, `{transactionId}~{start}`; the old one is never reopened
 * (docs/decisions/441-remote-start-token-and-reused-transaction-ids.md).
 */
import type { CLOSED_BY_KEYS } from '@shared/schemas/order.ts';
import { outsideSamplesKey, putSample, samplesKey, samplesOf } from '@functions/data/meter-values.ts';
import {
  activeSessions as activeSessionItems,
  activeSessionOn,
  createSession,
  dueSessions,
  dueSessionsPage,
  getSession as getSessionRecord,
  getSessionWithDue,
  sessionAuthorize,
  sessionBooted,
  sessionComplete,
  sessionFigures,
  sessionHandedOff,
  sessionKey,
  sessionReusedBy,
  type DueQueue,
} from '@functions/data/sessions.ts';
import {
  createGuardedSession,
  getStartGuard,
  nextTransactionId,
} from '@functions/data/transaction-guards.ts';
import { sendToQueue } from '@functions/lib/queue.ts';
import { correlationId } from '@functions/lib/correlation.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import { logger } from '@functions/lib/logger.ts';
import { pricingFor, type SessionPricing } from '@functions/fees/tariffs.ts';
import { getLiveItem, resetConnectorFromBefore } from '@functions/data/live-state.ts';
import type { Action } from '@functions/ocpp-messages/frames.ts';
import { chargerContext, type ChargerContext } from '@functions/chargepoints/charger.ts';
import { followChangeNow, queueFollowUp } from '@functions/chargepoints/follow-ups.ts';
import { emit } from '@functions/lib/events.ts';

declare module '@functions/lib/events.ts' {
  interface Events {
    /**
     * A session was first recorded with a token the platform accepted (a repeated start emits nothing):
     * the reservation it names is used, the idTag's queue entry is served, a time target is noted.
     */
    sessionStarted: Session;
    /**
     * A charger reported meter values of an active session (1.6 MeterValues, 2.0.1 TransactionEvent
     * Updated): a session charged up to a value is stopped once it reaches it.
     */
    sessionMetered: { chargePointId: string; transactionId: string };
    /** A session ended (the charger's stop, or the platform's close), once: its station's power re-balances. */
    sessionEnded: { chargePointId: string; transactionId: string; stationId: string; connectorNo: number };
  }
}

/** docs/product.md section 3, order start mode: how the session was started. */
export const START_MODE = {
  app: 1,
  card: 2,
  bluetooth: 3,
  plugAndCharge: 4,
  scheduled: 5,
  offlinePassword: 6,
};
export const SESSION_STATUS = { active: 'active', completed: 'completed' } as const;
/** Meter samples are kept this long (the meterValues table's TTL). */
export const meterRetentionDays = () => Number(process.env.METER_RETENTION_DAYS ?? 400);
export const HANDOFF_INDEX = 'TXHANDOFF';

/** Why the platform, not the charger, ended a session (shown with its order). */
export type ClosedBy = (typeof CLOSED_BY_KEYS)[number];
const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
/** Hours without a message about it after which an allowed session is closed (docs/decisions/043). */
export const sessionTimeoutHours = () => setting('SESSION_TIMEOUT_HOURS', 72);
/** Minutes after its refusal after which a refused session is closed (docs/decisions/043). */
export const refusedSessionTimeoutMinutes = () => setting('REFUSED_SESSION_TIMEOUT_MINUTES', 60);
/** Seconds a rebooted charger has to send the stops of its sessions before they are closed (decision 042). */
export const sessionBootGraceSeconds = () => setting('SESSION_BOOT_GRACE_SECONDS', 300);

/** A session whose token the platform did not accept (1.6 idTagInfo, 2.0.1 idTokenInfo not Accepted). */
export const isRefused = (s: Pick<Session, 'authStatus'>) =>
  s.authStatus !== undefined && s.authStatus !== 'Accepted';

export interface Session {
  chargePointId: string;
  transactionId: string;
  connectorNo: number;
  protocol: string;
  tenant: string;
  agentId: string;
  stationId: string;
  idTag?: string;
  startMode: number;
  authStatus?: string;
  reservationId?: number;
  startTime: string;
  meterStartWh: number;
  status: 'active' | 'completed';
  lastMeterWh?: number;
  lastPowerW?: number;
  lastSampleAt?: string;
  startSoc?: number;
  soc?: number;
  endTime?: string;
  meterStopWh?: number;
  energyWh?: number;
  durationSeconds?: number;
  endSoc?: number;
  stopReason?: string;
  stopIdTag?: string;
  /** The tariff and the station's clock at the start (functions/fees/tariffs.ts); none: priced as free. */
  pricing?: SessionPricing;
  /** The platform ended it (the charger never did). */
  closedBy?: ClosedBy;
  /**
   * Started with a roaming partner's token: the partner pays (order and pay type eMsp; docs/ocpi.md); how it was
   * authorised, for its OCPI Session and CDR (docs/decisions/437).
   */
  roaming?: { partnerId: string; authorizationReference?: string; authMethod?: string };
  /** When a BootNotification of its charger ended it (its stop may still come within the grace). */
  bootAt?: string;
  /** A remote start that never started (functions/orders/remote-start.ts): its order's end flag, 3 or 4. */
  endFlag?: number;
  /** What its remote start asked to charge, and up to what (functions/orders/charge-target.ts). */
  chargeType?: number;
  chargeValue?: string;
  /** When the platform asked the charger to stop it, its charge value reached (once). */
  targetStopAt?: string;
  /** The remote stop command it sent then. */
  targetStopCommandId?: string;
  /**
   * 2.0.1: the station's transaction id, when the station reused one whose session had ended: this session's
   * own id is `{stationTransactionId}~{start}` (docs/decisions/441).
   */
  stationTransactionId?: string;
  /** The first session of a station's transaction id: the newest session that reused the id, and its start. */
  reusedBy?: string;
  reusedAt?: string;
  /** The correlation id of the message that started it (functions/lib/correlation.ts, decision 458). */
  correlationId?: string;
}

export { sessionKey };

export const getSession = (chargePointId: string, transactionId: string) =>
  getSessionRecord<Session>(chargePointId, transactionId);

/**
 * Where a new session stands: on its charger's active index, and due for a time-out from now (refused: on the
 * refused queue).
 */
const newPlace = (s: Session) => ({
  active: true,
  due: { queue: isRefused(s) ? ('TXREFUSED' as const) : ('TXOPEN' as const), at: new Date().toISOString() },
});

/** A charger's time as UTC ISO (it may send another offset), or now when it cannot be read. */
const utc = (at: string) => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? new Date().toISOString() : new Date(ms).toISOString();
};
/*
 * A session's time-out entry is due from the platform's clock (now), never the charger's: one reset to 1970
 * would otherwise time its sessions out at once.
 */

export interface StartInput {
  connectorNo: number;
  idTag?: string;
  meterStartWh: number;
  timestamp: string;
  startMode: number;
  authStatus?: string;
  reservationId?: number;
  /** 2.0.1: the charger's own id. 1.6: absent, the platform assigns one. */
  transactionId?: string;
  /** The charge type and value of the remote start that began it (none: charged until full). */
  charge?: { chargeType: number; chargeValue?: string };
  /** Its token is a roaming partner's (authorisation's `roaming`). */
  roaming?: { partnerId: string; authorizationReference?: string; authMethod?: string };
  /** 2.0.1: the station's own transaction id, when `transactionId` is a reuse's own (`startedSessionId`). */
  stationTransactionId?: string;
}

/**
 * A session recorded for the first time: counted (shared/topology/metrics.ts; a repeated start is not), and
 * its reactions. A refused session uses no reservation and serves no queue entry: nobody charges on it.
 */
const startHooks = (s: Session) => {
  publishMetric('sessionsStarted');
  return isRefused(s) ? Promise.resolve() : emit('sessionStarted', s);
};

/**
 * Records a session start; returns its transaction id. 1.6 starts are recognised as repeats by charger,
 * connector and timestamp (a guard item written with the session in one transaction). A start ends the
 * sessions still open on its connector that started before it (a repeat does so again: closing is
 * idempotent, and a start whose closing failed is retried by the charger).
 */
export async function startSession(
  charger: ChargerContext,
  input: StartInput,
): Promise<{ transactionId: string; created: boolean }> {
  const started = await recordStart(charger, input);
  const earlier = (await activeSessions(charger.chargePointId, input.connectorNo)).filter(
    (s) => s.transactionId !== started.transactionId && utc(s.startTime) <= utc(input.timestamp),
  );
  for (const s of earlier) await closeSession(s, 'nextSession');
  return started;
}

async function recordStart(
  charger: ChargerContext,
  input: StartInput,
): Promise<{ transactionId: string; created: boolean }> {
  // The price the session starts under is the price it pays. A failed read must not stop the charging:
  // the order is then priced by the rules in force when it completes.
  const pricing = await pricingFor(charger.chargePointId, input.connectorNo).catch((error: unknown) => {
    logger.error('Reading the tariff at session start failed', { error: String(error) });
    return undefined;
  });
  const session = (transactionId: string): Session => ({
    chargePointId: charger.chargePointId,
    transactionId,
    connectorNo: input.connectorNo,
    protocol: charger.protocol,
    tenant: charger.tenant,
    agentId: charger.agentId,
    stationId: charger.stationId,
    idTag: input.idTag,
    startMode: input.startMode,
    authStatus: input.authStatus,
    reservationId: input.reservationId,
    startTime: input.timestamp,
    meterStartWh: input.meterStartWh,
    status: 'active',
    pricing,
    chargeType: input.charge?.chargeType,
    chargeValue: input.charge?.chargeValue,
    roaming: input.roaming,
    stationTransactionId: input.stationTransactionId,
    correlationId: correlationId(),
  });
  if (input.transactionId !== undefined) {
    const created = session(input.transactionId);
    const recorded = await createSession(strip(created), newPlace(created));
    // A reuse of a station's id: its first session points to it (again on a repeat, should that have failed).
    if (input.stationTransactionId !== undefined)
      await sessionReusedBy(
        { chargePointId: charger.chargePointId, transactionId: input.stationTransactionId },
        { transactionId: input.transactionId, startTime: utc(input.timestamp) },
      );
    if (!recorded) return { transactionId: input.transactionId, created: false };
    await startHooks(session(input.transactionId));
    return { transactionId: input.transactionId, created: true };
  }
  const start = {
    chargePointId: charger.chargePointId,
    connectorNo: input.connectorNo,
    timestamp: input.timestamp,
  };
  const transactionId = String(await nextTransactionId());
  try {
    const created = session(transactionId);
    await createGuardedSession(start, strip(created), newPlace(created));
    await startHooks(session(transactionId));
    return { transactionId, created: true };
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const recorded = await getStartGuard(start);
    if (recorded === undefined) throw error;
    return { transactionId: String(recorded), created: false };
  }
}

// ---- A station's transaction id reused (2.0.1, docs/decisions/441) ----------------------------------------

/** The id of the session that reuses station transaction id `transactionId`, started at `timestamp`. */
export const reusedSessionId = (transactionId: string, timestamp: string) =>
  `${transactionId}~${utc(timestamp).replace(/\D/g, '')}`;
const REUSED_ID = /~\d{17}$/;

/** A session over: completed, or ended by its charger's reboot (its own stop may still come). */
const over = (s: Session) => s.status !== 'active' || s.bootAt !== undefined;

/** The sessions of a station's transaction id: the first, and the newest that reused the id (else the first). */
async function sessionsOfTransaction(chargePointId: string, transactionId: string) {
  const first = await getSession(chargePointId, transactionId);
  const latest = first?.reusedBy ? ((await getSession(chargePointId, first.reusedBy)) ?? first) : first;
  return { first, latest };
}

/**
 * The session a 2.0.1 event other than Started of the station's transaction `transactionId`, sent at `at`,
 * is about: the newest session that reused the id once it has started, else the first (a late event of an
 * older one finds the first: ended, it changes nothing).
 */
export async function transactionSession(
  chargePointId: string,
  transactionId: string,
  at: string,
): Promise<Session | undefined> {
  const { first, latest } = await sessionsOfTransaction(chargePointId, transactionId);
  return latest && latest !== first && utc(at) >= utc(latest.startTime) ? latest : first;
}

/**
 * The id a 2.0.1 Started event of the station's transaction `transactionId` at `timestamp` is recorded under:
 * - the station's id while it names no session, or names the first one's start (its Started again);
 * - a new session's own id (`reusedSessionId`) when the newest session of the id is over (completed, or ended
 *   by a reboot) and this start is later than its start: the station reused the id; that id again for a
 *   retry of that Started (the same timestamp), so a retry records nothing new;
 * - else the session it is about, as before: an open session's Started again, or the real Started of a
 *   session a later event made up (its start is before the made-up one).
 */
export async function startedSessionId(
  chargePointId: string,
  transactionId: string,
  timestamp: string,
): Promise<string> {
  const { first, latest } = await sessionsOfTransaction(chargePointId, transactionId);
  const at = utc(timestamp);
  if (!first || !latest || at === utc(first.startTime)) return transactionId;
  const own = reusedSessionId(transactionId, timestamp);
  if (own === latest.transactionId || (over(latest) && at > utc(latest.startTime))) return own;
  if (at >= utc(latest.startTime) || latest === first) return latest.transactionId;
  // Before the newest reuse: a retry of an older reuse's Started, else the first's.
  return (await getSession(chargePointId, own)) ? own : transactionId;
}

/**
 * The transaction id a command names to the charger for a session: the station's own for a session that
 * reused it, else the session's (decision 441).
 */
export async function stationTransactionIdOf(chargePointId: string, transactionId: string) {
  if (!REUSED_ID.test(transactionId)) return transactionId;
  return (await getSession(chargePointId, transactionId))?.stationTransactionId ?? transactionId;
}

/** The active sessions of a charger (of one connector when given). */
export async function activeSessions(chargePointId: string, connectorNo?: number): Promise<Session[]> {
  return (await activeSessionItems(chargePointId, connectorNo)) as unknown as Session[];
}

/** The active session of a connector, if any (newest). */
export const activeSession = (chargePointId: string, connectorNo: number) =>
  activeSessionOn<Session>(chargePointId, connectorNo);

/**
 * 2.0.1: a session started without a token (the station starts at plug-in) takes the first token reported
 * with it, and its answer: refused, it is due for its time-out from then on. A token already decided stays.
 */
export async function sessionAuthorized(
  session: Session,
  input: { idTag?: string; authStatus: string },
): Promise<void> {
  const refused = isRefused({ authStatus: input.authStatus });
  // Not applied: ended meanwhile, or its token was decided already.
  await sessionAuthorize(session, input, refused ? new Date().toISOString() : undefined);
}

// ---- Meter samples ----------------------------------------------------------------------------------------

export interface SampledValue {
  value: number;
  measurand: string;
  unit?: string;
  phase?: string;
  context?: string;
}
export interface MeterSample {
  timestamp: string;
  values: SampledValue[];
}

/** Wh, W, %, A, V from a sampled value with its unit (kWh and kW scaled). */
export function normalise(v: SampledValue): number {
  if (v.unit === 'kWh' || v.unit === 'kW' || v.unit === 'kvarh' || v.unit === 'kvar') return v.value * 1000;
  return v.value;
}

export const readingOf = (sample: MeterSample, measurand: string) => {
  const values = sample.values.filter((v) => v.measurand === measurand && !v.phase);
  const pick = values[0] ?? sample.values.find((v) => v.measurand === measurand);
  return pick ? normalise(pick) : undefined;
};

/** The partition of a session's samples in the meterValues table. */
export { samplesKey };

/** Why samples were kept apart: after the session's end, of a transaction never started, of a refused one. */
export type OutsideReason = 'ended' | 'unknown' | 'refused';
/** The partition of the samples of a transaction reported outside its life (kept for inspection only). */
export { outsideSamplesKey };

/** Where each sample of a transaction belongs: its session, or apart (and why). */
function placeSamples(session: Session | undefined, samples: MeterSample[]) {
  const inside: MeterSample[] = [];
  const outside: { sample: MeterSample; why: OutsideReason }[] = [];
  for (const sample of samples) {
    const why: OutsideReason | undefined = !session
      ? 'unknown'
      : isRefused(session)
        ? 'refused'
        : session.status !== 'active' ||
            // A reboot ended it: what the charger measured before the boot still counts.
            (session.bootAt !== undefined && utc(sample.timestamp) > session.bootAt)
          ? 'ended'
          : undefined;
    if (why) outside.push({ sample, why });
    else inside.push(sample);
  }
  return { inside, outside };
}

/**
 * Stores samples (of a session or of a connector) and moves the session's running figures forward: energy
 * so far, power, state of charge. Samples older than the last one seen do not move the figures back. Samples
 * outside the session's life are stored apart and change nothing (the charger's answer is the same).
 */
export async function recordSamples(
  charger: ChargerContext,
  input: { transactionId?: string; connectorNo?: number; samples: MeterSample[] },
): Promise<void> {
  const expiresAt = Math.floor(Date.now() / 1000) + meterRetentionDays() * 86_400;
  const put = (transactionKey: string, sample: MeterSample, extra: Record<string, unknown> = {}) =>
    putSample(transactionKey, sample.timestamp, { values: sample.values, ...extra }, expiresAt);
  if (input.transactionId === undefined) {
    const key = samplesKey(charger.chargePointId, undefined, input.connectorNo);
    await Promise.all(input.samples.map((sample) => put(key, sample)));
    return;
  }
  const transactionId = input.transactionId;
  const session = await getSession(charger.chargePointId, transactionId);
  const { inside, outside } = placeSamples(session, input.samples);
  if (outside.length) {
    logger.warn('Meter samples outside a session kept apart', {
      chargePointId: charger.chargePointId,
      transactionId,
      why: outside[0]!.why,
      count: outside.length,
    });
    const key = outsideSamplesKey(charger.chargePointId, transactionId);
    await Promise.all(outside.map(({ sample, why }) => put(key, sample, { why })));
  }
  const sessionKeyOfSamples = samplesKey(charger.chargePointId, transactionId);
  await Promise.all(inside.map((sample) => put(sessionKeyOfSamples, sample)));
  const latest = [...inside].sort((a, b) => b.timestamp.localeCompare(a.timestamp))[0];
  if (!session || !latest) return;
  const energy = readingOf(latest, 'Energy.Active.Import.Register');
  const power = readingOf(latest, 'Power.Active.Import');
  const soc = readingOf(latest, 'SoC');
  const earliestSoc = [...inside]
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((s) => readingOf(s, 'SoC'))
    .find((v) => v !== undefined);
  // A session due by its last sample is due later now (one ended by a boot stays due by the boot). Only an
  // active session moves: one that ended meanwhile keeps the figures it ended with.
  await sessionFigures(
    { chargePointId: charger.chargePointId, transactionId },
    { lastSampleAt: latest.timestamp, lastMeterWh: energy, lastPowerW: power, soc, startSoc: earliestSoc },
    session.bootAt === undefined ? new Date().toISOString() : undefined,
  );
}

const readSamples = samplesOf;

/**
 * A session's samples in time order (the order detail's meter curve, the price), expired ones left out, and
 * with `until` (the session's end) none after it: a sample that raced the stop is not the order's.
 */
export async function sessionSamples(
  chargePointId: string,
  transactionId: string,
  until?: string,
): Promise<MeterSample[]> {
  const end = until === undefined ? undefined : Date.parse(until);
  return (await readSamples(samplesKey(chargePointId, transactionId)))
    .filter((item) => end === undefined || Number.isNaN(end) || !(Date.parse(String(item.at)) > end))
    .map((item) => ({ timestamp: String(item.at), values: item.values as SampledValue[] }));
}

/** The samples of a transaction kept apart, in time order, with why. */
export async function samplesOutside(
  chargePointId: string,
  transactionId: string,
): Promise<(MeterSample & { why: OutsideReason })[]> {
  return (await readSamples(outsideSamplesKey(chargePointId, transactionId))).map((item) => ({
    timestamp: String(item.at),
    values: item.values as SampledValue[],
    why: item.why as OutsideReason,
  }));
}

// ---- Completion -------------------------------------------------------------------------------------------

export interface StopInput {
  transactionId: string;
  meterStopWh?: number;
  timestamp: string;
  reason?: string;
  idTag?: string;
}

/**
 * Completes a session once: energy, duration and state of charge are fixed, it leaves the active index and
 * joins the hand-off index, and it is queued for the order pipeline. Returns false for a repeat or an unknown
 * transaction (both are acknowledged to the charger).
 */
export async function completeSession(charger: ChargerContext, input: StopInput): Promise<boolean> {
  const current = await getSession(charger.chargePointId, input.transactionId);
  if (!current) {
    logger.warn('Stop of an unknown transaction acknowledged', {
      chargePointId: charger.chargePointId,
      ...input,
    });
    return false;
  }
  if (current.status !== 'active') return false;
  return finish(current, {
    endTime: input.timestamp,
    meterStopWh: input.meterStopWh ?? current.lastMeterWh ?? current.meterStartWh,
    reason: input.reason,
    idTag: input.idTag,
  });
}

/**
 * The platform ends a session the charger did not: at its last sample (or its start), with the energy
 * measured so far. The stop reason is the one both versions have for a reboot, else Other.
 */
async function closeSession(
  session: Session,
  closedBy: ClosedBy,
  due?: { partition: DueQueue; before: string },
): Promise<boolean> {
  // The index the session was found by may be behind: its own item has the last figures, and says whether
  // a time-out is still due (a message may have just arrived).
  const found = await getSessionWithDue<Session>(session.chargePointId, session.transactionId);
  const current = found?.session;
  if (current?.status !== 'active') return false;
  if (due && (found?.due?.queue !== due.partition || !(found.due.position < due.before))) return false;
  const last = current.lastSampleAt;
  const ended = await finish(current, {
    endTime: last !== undefined && utc(last) > utc(current.startTime) ? last : current.startTime,
    meterStopWh: current.lastMeterWh ?? current.meterStartWh,
    reason: closedBy === 'boot' ? 'Reboot' : 'Other',
    closedBy,
  });
  if (ended)
    logger.info('Session closed by the platform', {
      chargePointId: current.chargePointId,
      transactionId: current.transactionId,
      closedBy,
    });
  return ended;
}

/** The conditional completion all ends share: the first one wins, any later one changes nothing. */
async function finish(
  current: Session,
  input: { endTime: string; meterStopWh: number; reason?: string; idTag?: string; closedBy?: ClosedBy },
): Promise<boolean> {
  const { chargePointId, transactionId } = current;
  const energyWh = Math.max(0, Math.round(input.meterStopWh - current.meterStartWh));
  const durationSeconds = Math.max(
    0,
    Math.round((Date.parse(input.endTime) - Date.parse(current.startTime)) / 1000),
  );
  const completed = await sessionComplete(current, {
    endTime: input.endTime,
    meterStopWh: input.meterStopWh,
    energyWh: Number.isFinite(energyWh) ? energyWh : 0,
    durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : 0,
    endSoc: current.soc,
    stopReason: input.reason || undefined,
    stopIdTag: input.idTag || undefined,
    closedBy: input.closedBy || undefined,
  });
  if (!completed) return false;
  // However it ended, once (the completion above is conditional): shared/topology/metrics.ts.
  publishMetric('sessionsEnded');
  await queueHandOff(chargePointId, transactionId).catch((error: unknown) =>
    // The sweep re-queues sessions still on the hand-off index.
    logger.error('Session hand-off not queued; the sweep will retry', { error: String(error) }),
  );
  await emit('sessionEnded', {
    chargePointId,
    transactionId,
    stationId: current.stationId,
    connectorNo: current.connectorNo,
  }).catch((error: unknown) => logger.error('sessionEnded not handled', { error: String(error) }));
  return true;
}

/**
 * A charger booted at `at` (its BootNotification was accepted): none of the sessions open at its answer
 * (`transactionIds`) goes on (neither version resumes a transaction after a reboot). A refused one is closed at
 * once; another is marked and closed by the sweep once the charger has had the grace to send its own stop,
 * which then ends it with its real figures. A session recorded after the boot is not one of them: it goes on,
 * however late this runs (docs/decisions/440-ocpp-answers-before-bookkeeping.md).
 */
export async function chargerBooted(
  chargePointId: string,
  at: string,
  transactionIds: string[],
): Promise<void> {
  for (const transactionId of transactionIds) {
    const s = await getSession(chargePointId, transactionId);
    if (s?.status !== 'active') continue;
    if (isRefused(s)) {
      await closeSession(s, 'boot');
      continue;
    }
    // Not applied: ended meanwhile, or an earlier boot counts.
    await sessionBooted(s, at);
  }
}

/** Connector states of a session in progress: none goes on across a reboot. */
const IN_PROGRESS_STATES = new Set(['charging', 'suspendedEV', 'suspendedEVSE']);

/**
 * What a boot leaves to do after its answer (functions/chargepoints/follow-ups.ts): its sessions ended
 * (`chargerBooted`), and its connectors that still show a session from before the boot, and reported nothing
 * since, shown `unknown` until the charger reports them. Idempotent; answers the connectors it reset.
 */
export async function bootFollowUp(boot: { chargePointId: string; at: string; transactionIds: string[] }) {
  await chargerBooted(boot.chargePointId, boot.at, boot.transactionIds);
  const connectors = ((await getLiveItem(boot.chargePointId))?.connectors ?? {}) as Record<
    string,
    { state?: string }
  >;
  const reset: number[] = [];
  for (const [no, c] of Object.entries(connectors))
    if (
      IN_PROGRESS_STATES.has(String(c?.state)) &&
      (await resetConnectorFromBefore(boot.chargePointId, Number(no), boot.at))
    )
      reset.push(Number(no));
  return reset;
}

/**
 * A BootNotification action that, once the boot is accepted, answers at once and leaves the end of the
 * charger's sessions and its connectors' reset to the follow-up queue (`bootFollowUp`), with the sessions
 * open now. A failure there is logged and never fails the boot: the time-out still closes them.
 */
export const endingSessionsAtBoot =
  (boot: Action): Action =>
  async (input) => {
    const answer = await boot(input);
    if (answer.status !== 'Accepted') return answer;
    const { chargePointId } = input;
    const at = String(answer.currentTime);
    try {
      const transactionIds = (await activeSessions(chargePointId)).map((s) => s.transactionId);
      await queueFollowUp({ kind: 'boot', chargePointId, at, transactionIds }, async () => {
        const reset = await bootFollowUp({ chargePointId, at, transactionIds });
        const charger = reset.length ? await chargerContext(chargePointId) : undefined;
        if (charger)
          for (const connectorNo of reset)
            await followChangeNow({ charger, connectorNo, at: new Date().toISOString() });
      });
    } catch (error) {
      logger.error('Ending sessions at boot failed', { chargePointId, error: String(error) });
    }
    return answer;
  };

/**
 * Schedule: closes the sessions due (docs/decisions/042, 043): allowed ones no message reached for
 * SESSION_TIMEOUT_HOURS, refused ones REFUSED_SESSION_TIMEOUT_MINUTES after their refusal, and those a boot
 * ended once SESSION_BOOT_GRACE_SECONDS have passed. Returns how many it closed.
 */
export async function closeStaleSessions(now = Date.now()): Promise<number> {
  const due: [DueQueue, number, ClosedBy][] = [
    ['TXOPEN', now - sessionTimeoutHours() * 3_600_000, 'timeout'],
    ['TXREFUSED', now - refusedSessionTimeoutMinutes() * 60_000, 'timeout'],
    ['TXBOOT', now - sessionBootGraceSeconds() * 1000, 'boot'],
  ];
  let closed = 0;
  for (const [partition, before, closedBy] of due) {
    // Due at that very instant counts (see dueSessions).
    const cutoff = new Date(before).toISOString();
    for (const s of (await dueSessions(partition, cutoff)) as unknown as Session[])
      if (await closeSession(s, closedBy, { partition, before: `${cutoff}~` })) closed++;
  }
  return closed;
}

export async function queueHandOff(chargePointId: string, transactionId: string) {
  await sendToQueue('sessions', { chargePointId, transactionId });
}

/** Completed sessions not yet taken by the order pipeline, oldest first, completed before `before`. */
export async function pendingHandOffs(before: string, limit = 100): Promise<Session[]> {
  return (await dueSessionsPage('TXHANDOFF', before, limit)) as unknown as Session[];
}

/** The order pipeline has the session: it leaves the hand-off index. */
export async function handOffDone(chargePointId: string, transactionId: string) {
  await sessionHandedOff({ chargePointId, transactionId }, new Date().toISOString());
}

const strip = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
