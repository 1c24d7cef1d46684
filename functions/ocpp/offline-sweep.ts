/**
 * Schedule, every minute:
 * - a connection silent for two heartbeat intervals is gone (a vanished charger may never send its close,
 *   and API Gateway only closes an idle socket after 10 minutes): its socket is closed and the charger shows
 *   offline since its last message, so commands to it answer "pile offline" at once
 *   (docs/decisions/030-offline-after-two-heartbeats.md). Messages write nothing to the connection item: the
 *   connections recorded as silent are asked about at API Gateway, which keeps each one's last activity; one
 *   still talking has its record brought up to date (one write per connection and silence period, decision 430);
 * - a charger offline past the grace period (none by default) gets its offline alarm, once per outage, if the
 *   follow-up of its going has not raised it yet (docs/decisions/460-offline-alarm-and-charger-health.md);
 * - completed sessions the order pipeline has not taken for a minute are queued again (the outbox);
 * - stations' live figures not counted for ten minutes are counted again (docs/decisions/196): what a crash
 *   between a charger's change and its station's count left behind is right again within about ten minutes.
 */
import { DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { allConnections, touchConnection } from '@functions/data/connections.ts';
import { logger } from '@functions/lib/logger.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import { recountStaleStations } from '@functions/chargepoints/sites.ts';
import { wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { topology } from '@shared/topology/index.ts';
import {
  connectionActivity,
  removeConnection,
  type Connection,
} from '@functions/chargepoints/connections.ts';
import { heartbeatIntervalSeconds } from './heartbeat.ts';
import { alarmLongOutages, chargerDisconnected } from './presence.ts';
import { offlineGraceSeconds } from '@functions/chargepoints/outages.ts';
import { pendingHandOffs, queueHandOff } from '@functions/sessions/transactions.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

/** Seconds a charger stays offline before its offline alarm is raised (decision 460: none by default). */
export { offlineGraceSeconds };

/**
 * Seconds of silence after which a connection counts as gone: a charger sends something at least once per
 * heartbeat interval, so one missed heartbeat is tolerated and a second is not (API Gateway's last activity is
 * exact). Never more than API Gateway's idle time-out and a minute, after which the socket is closed anyway.
 */
export const silenceSeconds = () =>
  Number(
    process.env.OFFLINE_SILENCE_SECONDS ??
      Math.min(2 * heartbeatIntervalSeconds(), topology.websocket.idleTimeoutSeconds + 60),
  );

const HANDOFF_RETRY_SECONDS = 60;
const SWEEP_CONCURRENCY = 25;

/**
 * A connection whose record looks silent since before `cutoff`: still talking by API Gateway's last activity
 * (its record brought up to date), or gone (the charger offline since then, the socket closed). Answers the
 * charger's id when it was gone.
 */
async function settleSilent(c: Connection, cutoff: number): Promise<string | undefined> {
  let lastActive: number | undefined;
  try {
    lastActive = await connectionActivity(c.connectionId);
  } catch (error) {
    // API Gateway could not say: asked again at the next sweep, nothing decided on a guess.
    logger.warn('Connection activity unknown', { connectionId: c.connectionId, error: String(error) });
    return undefined;
  }
  const lastSeen = Math.max(c.lastSeenAt, Math.floor((lastActive ?? 0) / 1000));
  if (lastActive !== undefined && lastSeen >= cutoff) {
    await touchConnection(c.connectionId, lastSeen); // its record brought up to date
    return undefined;
  }
  // Offline since its last message first: the $disconnect the close causes then changes nothing.
  await chargerDisconnected({
    chargePointId: c.chargePointId,
    connectionId: c.connectionId,
    at: lastSeen * 1000,
  });
  await removeConnection(c.connectionId);
  await wsManagementClient(config.wsManagementEndpoint())
    .send(new DeleteConnectionCommand({ ConnectionId: c.connectionId }))
    .catch(() => undefined); // already closed
  return c.chargePointId;
}

async function handle(): Promise<{
  removed: string[];
  alarmed: string[];
  requeued: number;
  recounted: number;
}> {
  const grace = offlineGraceSeconds();
  const now = Math.floor(Date.now() / 1000);
  const cutoff = now - silenceSeconds();
  const removed: string[] = [];
  // The connections table holds one small item per connected charger, so a scan is bounded (a filtered one
  // reads as much). Every connection comes up as silent once per silence period (messages write nothing to
  // it), so those are asked about SWEEP_CONCURRENCY at a time.
  const connections = await allConnections();
  const silent = connections.filter((c) => c.lastSeenAt < cutoff);
  const goneIds = new Set<string>();
  for (let i = 0; i < silent.length; i += SWEEP_CONCURRENCY) {
    const batch = silent.slice(i, i + SWEEP_CONCURRENCY);
    const gone = await Promise.all(batch.map((c) => settleSilent(c, cutoff)));
    gone.forEach((id, j) => {
      if (id === undefined) return;
      removed.push(id);
      goneIds.add(batch[j]!.connectionId);
    });
  }
  // Chargers online: those with a live connection left (an expired item is none: DynamoDB Local keeps it), a
  // level counted on each run (shared/topology/metrics.ts).
  const online = connections.filter((c) => !goneIds.has(c.connectionId) && !(c.expiresAt <= now));
  publishMetric('chargersOnline', new Set(online.map((c) => c.chargePointId)).size);

  const alarmed = await alarmLongOutages(new Date(Date.now() - grace * 1000).toISOString());

  const stale = await pendingHandOffs(new Date(Date.now() - HANDOFF_RETRY_SECONDS * 1000).toISOString());
  for (const s of stale) await queueHandOff(s.chargePointId, s.transactionId);
  const recounted = await recountStaleStations();
  return { removed, alarmed, requeued: stale.length, recounted };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
