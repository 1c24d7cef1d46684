/**
 * What a charger's connect, boot and status reports leave to do after their answer
 * (docs/decisions/440-ocpp-answers-before-bookkeeping.md): the state the charger reported is written before the
 * answer, and the bookkeeping it causes (the sessions a boot ended, the station's live figures, roaming
 * partners told, load management run again) is queued on `ocppFollowUps` and done by its consumer
 * (functions/ocpp/follow-up-consumer.ts). The message is sent before the answer, so a crash after the answer
 * still gets the work done (the queue delivers it again until it succeeds); every step is idempotent, so a
 * repeat changes nothing.
 */
import { chargerBack } from '@functions/alarms/service.ts';
import { alarmOutage, outageDue } from './outages.ts';
import { recountStation } from '@functions/chargepoints/sites.ts';
import { sendToQueue } from '@functions/lib/queue.ts';
import { emit } from '@functions/lib/events.ts';
import { logger } from '@functions/lib/logger.ts';
import { chargerRef, type ChargerContext } from './charger.ts';

export const FOLLOW_UP_QUEUE = 'ocppFollowUps';

export type FollowUp =
  /**
   * A charger booted at `at` (the platform's time): the sessions open at its answer (`transactionIds`, and only
   * those: a session it starts after the boot goes on) end as a reboot ends them (docs/decisions/042), and its
   * connectors still showing a session from before the boot are reset.
   */
  | { kind: 'boot'; chargePointId: string; at: string; transactionIds: string[] }
  /**
   * A charger came (connected) or went at `at`; `alarmedSince`: the alarmed outage its coming ends; `since`:
   * when its going began the outage (its live item's `disconnectedAt`), whose offline alarm follows.
   */
  | { kind: 'came' | 'went'; chargePointId: string; at: string; alarmedSince?: string; since?: string }
  /**
   * A connector's shown state changed at `at` (the platform's time of the write); `available`: it became
   * available (the station's queue calls its next driver).
   */
  | { kind: 'state'; chargePointId: string; connectorNo: number; at: string; available?: boolean }
  /**
   * A station's changes up to `at` still to be counted: its last recount began too recently
   * (`recountStationSince`), so the count is asked again later, once for many changes.
   */
  | { kind: 'count'; tenant: string; stationId: string; at: string };

/** Whether a queue message is a follow-up this consumer knows (anything else is dropped). */
export function isFollowUp(value: unknown): value is FollowUp {
  const m = value as Partial<Record<string, unknown>> | null;
  if (!m || typeof m !== 'object') return false;
  if (typeof m.at !== 'string' || Number.isNaN(Date.parse(m.at))) return false;
  if (m.kind === 'count')
    return typeof m.tenant === 'string' && !!m.tenant && typeof m.stationId === 'string' && !!m.stationId;
  if (typeof m.chargePointId !== 'string' || !m.chargePointId) return false;
  if (m.kind === 'boot')
    return Array.isArray(m.transactionIds) && m.transactionIds.every((t) => typeof t === 'string');
  if (m.kind === 'came' || m.kind === 'went')
    return (
      (m.alarmedSince === undefined || typeof m.alarmedSince === 'string') &&
      (m.since === undefined || (typeof m.since === 'string' && !Number.isNaN(Date.parse(m.since))))
    );
  if (m.kind === 'state')
    return (
      Number.isSafeInteger(m.connectorNo) && (m.available === undefined || typeof m.available === 'boolean')
    );
  return false;
}

/**
 * Queues a follow-up (delivered `delaySeconds` from now, at most 15 minutes). When the queue cannot be reached,
 * `inline` does the work now (the answer waits, as it did before the queue): the work is never lost for a
 * queue's failure.
 */
export async function queueFollowUp(
  followUp: FollowUp,
  inline: () => Promise<unknown>,
  delaySeconds = 0,
): Promise<void> {
  try {
    await sendToQueue(FOLLOW_UP_QUEUE, followUp, { delaySeconds });
  } catch (error) {
    logger.warn('OCPP follow-up not queued; done now', { kind: followUp.kind, error: String(error) });
    await inline();
  }
}

/** A change of what a station's chargers show: one connector's state, or a whole charger's (it came or went). */
export interface StationChange {
  charger: ChargerContext;
  connectorNo?: number;
  /** The platform's time of the change (ISO). */
  at: string;
  /** The charger came back after this alarmed outage (its offline record gets its end). */
  alarmedSince?: string;
  /** The charger went away: the outage that began then gets its offline alarm (decision 460). */
  wentSince?: string;
  /** The connector became available: the station's queue calls its next driver (functions/orders/queue.ts). */
  available?: boolean;
}

/**
 * What a change causes besides the station's live figures: roaming partners told and load management run
 * again (the `connectorStatesChanged` reactions), an outage's offline alarm raised once its grace period has
 * passed (at once by default; else the offline sweep raises it) or ended, the station's queue called to a
 * connector that became available. Each step is idempotent (functions/chargepoints/outages.ts).
 */
export async function changeReactions(change: StationChange): Promise<void> {
  const { charger, connectorNo } = change;
  await emit('connectorStatesChanged', {
    stationId: charger.stationId,
    chargePointId: charger.chargePointId,
    ...(connectorNo === undefined ? {} : { connectorNo }),
  });
  if (change.wentSince && outageDue(change.wentSince))
    await alarmOutage(charger.chargePointId, charger, change.wentSince);
  if (change.alarmedSince)
    await chargerBack(chargerRef(charger), { at: change.at, since: change.alarmedSince });
  if (change.available && connectorNo !== undefined)
    await emit('connectorAvailable', {
      stationId: charger.stationId,
      chargePointId: charger.chargePointId,
      connectorNo,
    });
}

/** A change's whole bookkeeping now (the queue could not be reached): the station counted, then its reactions. */
export async function followChangeNow(change: StationChange): Promise<void> {
  await recountStation(change.charger.tenant, change.charger.stationId);
  await changeReactions(change);
}
