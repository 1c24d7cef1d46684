/**
 * The `ocppFollowUps` queue's consumer (functions/chargepoints/follow-ups.ts,
 * docs/decisions/440-ocpp-answers-before-bookkeeping.md): what a charger's boot, connect, disconnect and status
 * reports leave to do after their answer. A batch is done together:
 * - each boot ends the sessions that were open at its answer and resets its connectors that still show one
 *   (those resets are changes of its station like any other);
 * - each station with changes is counted again once, unless a recount that began after its newest change has
 *   stored its figures already (a reconnect storm's thousand changes of a station cost a few recounts);
 * - each change gets its reactions (roaming partners told, load management run again, an outage's offline
 *   alarm raised or ended: docs/decisions/460-offline-alarm-and-charger-health.md), those of a station at
 *   once, so load management runs a station once for the chargers that came.
 * A message whose work failed is reported as a batch item failure and comes back; every step is idempotent.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { recountStation, recountStationSince } from '@functions/chargepoints/sites.ts';
import { logger } from '@functions/lib/logger.ts';
import { inMessageContext } from '@functions/lib/queue.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import {
  changeReactions,
  isFollowUp,
  queueFollowUp,
  type FollowUp,
  type StationChange,
} from '@functions/chargepoints/follow-ups.ts';
import { bootFollowUp } from '@functions/sessions/transactions.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

interface Work {
  messageId: string;
  /** The message (its id and the correlation id it carries: functions/lib/queue.ts). */
  record: SQSRecord;
  followUp: FollowUp;
  /** Delivered before (a failure came back): what it changed may have been done already. */
  again: boolean;
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed = new Set<string>();
  const fail = (messageId: string, what: string, error: unknown) => {
    logger.error(`OCPP follow-up failed: ${what}`, { messageId, error: String(error) });
    failed.add(messageId);
  };
  const work: Work[] = [];
  for (const record of event.Records) {
    let followUp: unknown;
    try {
      followUp = JSON.parse(record.body);
    } catch {
      followUp = undefined;
    }
    // Not ours: dropping it is the only answer.
    if (isFollowUp(followUp))
      work.push({
        messageId: record.messageId,
        record,
        followUp,
        again: Number(record.attributes?.ApproximateReceiveCount ?? 1) > 1,
      });
    else logger.warn('Unknown OCPP follow-up dropped', { messageId: record.messageId });
  }

  // Each station's changes (and asked counts), with the messages they came in.
  const byStation = new Map<
    string,
    {
      tenant: string;
      stationId: string;
      newest: string;
      changes: { change: StationChange; messageId: string }[];
      messageIds: string[];
    }
  >();
  const touch = (messageId: string, tenant: string, stationId: string, at: string) => {
    const key = `${tenant}|${stationId}`;
    const entry = byStation.get(key) ?? { tenant, stationId, newest: at, changes: [], messageIds: [] };
    if (at > entry.newest) entry.newest = at;
    entry.messageIds.push(messageId);
    byStation.set(key, entry);
    return entry;
  };
  const add = (messageId: string, change: StationChange) =>
    touch(messageId, change.charger.tenant, change.charger.stationId, change.at).changes.push({
      change,
      messageId,
    });

  for (const { messageId, record, followUp: f, again } of work)
    await inMessageContext(record, { followUp: f.kind }, async () => {
      try {
        if (f.kind === 'count') return void touch(messageId, f.tenant, f.stationId, f.at);
        const reset = f.kind === 'boot' ? await bootFollowUp(f) : [];
        const charger = await chargerContext(f.chargePointId);
        // A charger no longer registered: its station has nothing more to count.
        if (!charger) return;
        if (f.kind === 'boot') {
          const at = new Date().toISOString();
          for (const connectorNo of reset) add(messageId, { charger, connectorNo, at });
          // Delivered again: its resets may have been done by the failed delivery, so the whole charger is told.
          if (again && !reset.length) add(messageId, { charger, at });
        } else if (f.kind === 'state')
          add(messageId, { charger, connectorNo: f.connectorNo, at: f.at, available: f.available });
        else
          add(messageId, {
            charger,
            at: f.at,
            alarmedSince: f.alarmedSince,
            wentSince: f.kind === 'went' ? f.since : undefined,
          });
      } catch (error) {
        fail(messageId, f.kind, error);
      }
    });

  for (const { tenant, stationId, newest, changes, messageIds } of byStation.values()) {
    try {
      const { againInMs } = await recountStationSince(tenant, stationId, newest);
      // Counted too recently: one count of this station asked again later stands for every change here.
      if (againInMs !== undefined)
        await queueFollowUp(
          { kind: 'count', tenant, stationId, at: newest },
          () => recountStation(tenant, stationId),
          againInMs / 1000,
        );
    } catch (error) {
      for (const id of messageIds) fail(id, `recount of station ${stationId}`, error);
      continue;
    }
    const outcomes = await Promise.allSettled(changes.map(({ change }) => changeReactions(change)));
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected') fail(changes[i]!.messageId, 'reactions', outcome.reason);
    });
  }
  return { batchItemFailures: [...failed].map((itemIdentifier) => ({ itemIdentifier })) };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
