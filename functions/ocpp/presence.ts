/**
 * Whether a charger is online: its live state follows its WebSocket connection. A clean close shows the
 * charger offline at once; the offline alarm waits for the grace period (the sweep), so a quick reconnect
 * raises none. While a charger is offline and not yet alarmed its live item sits on the `OFFLINEPENDING`
 * index, ordered by when it went away.
 */
import {
  liveConnected,
  liveDisconnected,
  liveGone,
  liveOutageAlarmed,
  offlinePending,
  OFFLINE_PENDING,
} from '@functions/data/live-state.ts';
import { chargerBack, chargerOffline } from '@functions/alarms/service.ts';
import { recountStation } from '@functions/devices/sites.ts';
import { emit } from '@functions/lib/events.ts';
import { chargerContext, chargerRef } from './charger.ts';

export interface PresenceInput {
  chargePointId: string;
  connectionId: string;
  protocol?: string;
  /** Epoch milliseconds; now when absent. */
  at?: number;
}

export { OFFLINE_PENDING };
const iso = (at?: number) => new Date(at ?? Date.now()).toISOString();

export async function chargerConnected(input: PresenceInput & { protocol: string }): Promise<void> {
  const at = iso(input.at);
  const { alarmedSince } = await liveConnected({
    chargePointId: input.chargePointId,
    connectionId: input.connectionId,
    protocol: input.protocol,
    at,
  });
  const charger = await recountStationOf(input.chargePointId);
  // Back after an outage that was alarmed: the offline record gets its end.
  if (alarmedSince && charger) await chargerBack(chargerRef(charger), { at });
}

/** The live figures of a charger's station after it came or went, and its partners told; the charger, if known. */
async function recountStationOf(chargePointId: string) {
  const charger = await chargerContext(chargePointId);
  if (charger) {
    await recountStation(charger.tenant, charger.stationId);
    await emit('connectorStatesChanged', { stationId: charger.stationId, chargePointId });
  }
  return charger;
}

/** Only the connection the charger is known on counts: a stale socket closing after a reconnect changes nothing. */
export async function chargerDisconnected(input: PresenceInput): Promise<void> {
  if (await liveDisconnected(input.chargePointId, input.connectionId, iso(input.at)))
    await recountStationOf(input.chargePointId);
}

/**
 * Shows a charger offline since `at` when it is shown online (on whatever connection): the local runtime's
 * start-up, where no connection survived the process that held it. It then waits for its offline alarm like
 * any charger that went away at `at`. Returns whether it was shown online.
 */
export async function chargerGone(chargePointId: string, at: number): Promise<boolean> {
  const gone = await liveGone(chargePointId, iso(at));
  if (gone) await recountStationOf(chargePointId);
  return gone;
}

/**
 * Chargers offline since before `cutoff` and not yet alarmed: each gets its offline alarm once and leaves
 * the pending index (the sweep calls this).
 */
export async function alarmLongOutages(cutoff: string): Promise<string[]> {
  const alarmed: string[] = [];
  for (const { chargePointId: id, disconnectedAt: since } of await offlinePending(cutoff)) {
    const charger = await chargerContext(id);
    // The alarm first (idempotent per outage), then the mark: a crash between the two repeats the alarm
    // call, never loses it.
    if (charger) await chargerOffline(chargerRef(charger), { since });
    if (!(await liveOutageAlarmed(id, since))) {
      // It came back meanwhile: the outage ends now.
      if (charger) await chargerBack(chargerRef(charger), { at: new Date().toISOString() });
      continue;
    }
    alarmed.push(id);
  }
  return alarmed;
}
