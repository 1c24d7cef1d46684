/**
 * Schedule, every minute:
 * - a connection silent for two heartbeat intervals is gone (a vanished charger may never send its close,
 *   and API Gateway only closes an idle socket after 10 minutes): its socket is closed and the charger shows
 *   offline since its last message, so commands to it answer "pile offline" at once
 *   (docs/decisions/030-offline-after-two-heartbeats.md);
 * - a charger that stayed offline past the grace period gets its offline alarm (once per outage; a quick
 *   reconnect raises none);
 * - completed sessions the order pipeline has not taken for a minute are queued again (the outbox);
 * - stations' live figures not counted for ten minutes are counted again (docs/decisions/196): what a crash
 *   between a charger's change and its station's count left behind is right again within about ten minutes.
 */
import { DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { silentConnections } from '@functions/data/connections.ts';
import { recountStaleStations } from '@functions/devices/sites.ts';
import { wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { topology } from '@infra/topology/index.ts';
import { removeConnection, TOUCH_INTERVAL_MS } from './connections.ts';
import { heartbeatIntervalSeconds } from './heartbeat.ts';
import { alarmLongOutages, chargerDisconnected } from './presence.ts';
import { pendingHandOffs, queueHandOff } from './transactions.ts';
// Reactions to the events its modules emit (functions/lib/events.ts, test/functions/events-wiring.test.ts).
import '@functions/devices/subscriptions.ts';
import '@functions/orders/subscriptions.ts';
import '@functions/fleets/subscriptions.ts';
import '@functions/ocpi/subscriptions.ts';
import '@functions/energy/subscriptions.ts';

/** Seconds a charger stays offline before its offline alarm is raised (a quick reconnect raises none). */
export const offlineGraceSeconds = () =>
  Number(process.env.OFFLINE_GRACE_SECONDS ?? topology.websocket.idleTimeoutSeconds + 60);

/**
 * Seconds of silence after which a connection counts as gone: a charger sends something at least once per
 * heartbeat interval, so one missed heartbeat is tolerated and a second is not; plus the lag of the recorded
 * last message (touched at most every TOUCH_INTERVAL_MS). Never more than API Gateway's idle time-out and a
 * minute, after which the socket is closed anyway.
 */
export const silenceSeconds = () =>
  Number(
    process.env.OFFLINE_SILENCE_SECONDS ??
      Math.min(
        2 * heartbeatIntervalSeconds() + TOUCH_INTERVAL_MS / 1000,
        topology.websocket.idleTimeoutSeconds + 60,
      ),
  );

const HANDOFF_RETRY_SECONDS = 60;

export async function handler(): Promise<{
  removed: string[];
  alarmed: string[];
  requeued: number;
  recounted: number;
}> {
  const grace = offlineGraceSeconds();
  const cutoff = Math.floor(Date.now() / 1000) - silenceSeconds();
  const removed: string[] = [];
  // The connections table holds one small item per connected charger, so a filtered scan is bounded.
  for (const c of await silentConnections(cutoff)) {
    // Offline since its last message first: the $disconnect the close causes then changes nothing.
    await chargerDisconnected({
      chargePointId: c.chargePointId,
      connectionId: c.connectionId,
      at: c.lastSeenAt * 1000,
    });
    await removeConnection(c.connectionId);
    await wsManagementClient(config.wsManagementEndpoint())
      .send(new DeleteConnectionCommand({ ConnectionId: c.connectionId }))
      .catch(() => undefined); // already closed
    removed.push(c.chargePointId);
  }

  const alarmed = await alarmLongOutages(new Date(Date.now() - grace * 1000).toISOString());

  const stale = await pendingHandOffs(new Date(Date.now() - HANDOFF_RETRY_SECONDS * 1000).toISOString());
  for (const s of stale) await queueHandOff(s.chargePointId, s.transactionId);
  const recounted = await recountStaleStations();
  return { removed, alarmed, requeued: stale.length, recounted };
}
