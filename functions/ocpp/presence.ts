/**
 * Whether a charger is online: its live state follows its WebSocket connection. A clean close shows the
 * charger offline at once, and its going begins an outage whose offline alarm follows after the answer (at
 * once by default, or after the grace period `OFFLINE_GRACE_SECONDS` by the sweep:
 * docs/decisions/460-offline-alarm-and-charger-health.md). While a charger is offline and not yet alarmed its
 * live item sits on the `OFFLINEPENDING` index, ordered by when it went away.
 */
import {
  liveConnected,
  liveDisconnected,
  liveGone,
  offlinePending,
  OFFLINE_PENDING,
} from '@functions/data/live-state.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { alarmOutage } from '@functions/chargepoints/outages.ts';
import { followChangeNow, queueFollowUp, type FollowUp } from '@functions/chargepoints/follow-ups.ts';

export interface PresenceInput {
  chargePointId: string;
  connectionId: string;
  protocol?: string;
  /** Epoch milliseconds; now when absent. */
  at?: number;
}

export { OFFLINE_PENDING };
const iso = (at?: number) => new Date(at ?? Date.now()).toISOString();

/**
 * A charger connected: shown online now; the rest (its station's live figures, roaming partners, load
 * management, the end of an alarmed outage) follows after the answer (functions/chargepoints/follow-ups.ts,
 * docs/decisions/440-ocpp-answers-before-bookkeeping.md).
 */
export async function chargerConnected(input: PresenceInput & { protocol: string }): Promise<void> {
  const at = iso(input.at);
  const { alarmedSince } = await liveConnected({
    chargePointId: input.chargePointId,
    connectionId: input.connectionId,
    protocol: input.protocol,
    at,
  });
  await presenceChanged({ kind: 'came', chargePointId: input.chargePointId, at: iso(), alarmedSince });
}

/**
 * Queues what a charger's coming or going leaves to do (or does it now when the queue is out of reach); `at`
 * is when its live item was written, by the platform's clock.
 */
function presenceChanged(followUp: Extract<FollowUp, { kind: 'came' | 'went' }>) {
  return queueFollowUp(followUp, async () => {
    const charger = await chargerContext(followUp.chargePointId);
    if (charger)
      await followChangeNow({
        charger,
        at: followUp.at,
        alarmedSince: followUp.alarmedSince,
        wentSince: followUp.kind === 'went' ? followUp.since : undefined,
      });
  });
}

/** Only the connection the charger is known on counts: a stale socket closing after a reconnect changes nothing. */
export async function chargerDisconnected(input: PresenceInput): Promise<void> {
  const since = iso(input.at);
  if (await liveDisconnected(input.chargePointId, input.connectionId, since))
    await presenceChanged({ kind: 'went', chargePointId: input.chargePointId, at: iso(), since });
}

/**
 * Shows a charger offline since `at` when it is shown online (on whatever connection): the local runtime's
 * start-up, where no connection survived the process that held it. It then waits for its offline alarm like
 * any charger that went away at `at`. Returns whether it was shown online.
 */
export async function chargerGone(chargePointId: string, at: number): Promise<boolean> {
  const since = iso(at);
  const gone = await liveGone(chargePointId, since);
  if (gone) await presenceChanged({ kind: 'went', chargePointId, at: iso(), since });
  return gone;
}

/**
 * Chargers offline since before `cutoff` and not yet alarmed: each gets its offline alarm once and leaves
 * the pending index (the sweep calls this: the outages a grace period held back, and any whose follow-up has
 * not raised it yet). Answers the chargers still offline.
 */
export async function alarmLongOutages(cutoff: string): Promise<string[]> {
  const alarmed: string[] = [];
  for (const { chargePointId: id, disconnectedAt: since } of await offlinePending(cutoff))
    if (await alarmOutage(id, await chargerContext(id), since)) alarmed.push(id);
  return alarmed;
}
