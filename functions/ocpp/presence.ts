/**
 * Whether a charger is online: its live state follows its WebSocket connection. A clean close shows the
 * charger offline at once; the offline alarm waits for the grace period (the sweep), so a quick reconnect
 * raises none. While a charger is offline and not yet alarmed its live item sits on the `OFFLINEPENDING`
 * index, ordered by when it went away.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chargerBack, chargerOffline } from '@functions/alarms/service.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { table } from '@functions/lib/store.ts';
import { liveKey } from '@functions/devices/live.ts';
import { chargerContext, chargerRef } from './charger.ts';

export interface PresenceInput {
  chargePointId: string;
  connectionId: string;
  protocol?: string;
  /** Epoch milliseconds; now when absent. */
  at?: number;
}

export const OFFLINE_PENDING = 'OFFLINEPENDING';
const iso = (at?: number) => new Date(at ?? Date.now()).toISOString();

export async function chargerConnected(input: PresenceInput & { protocol: string }): Promise<void> {
  const at = iso(input.at);
  const { Attributes } = await dynamoDocument().send(
    new UpdateCommand({
      TableName: table(),
      Key: liveKey(input.chargePointId),
      UpdateExpression:
        'SET chargePointId = :id, #online = :on, #protocol = :p, connectionId = :c, connectedAt = :at, lastMessageAt = :at, connectors = if_not_exists(connectors, :empty) REMOVE gsi3pk, gsi3sk, offlineAlarmedSince',
      ExpressionAttributeNames: { '#online': 'online', '#protocol': 'protocol' },
      ExpressionAttributeValues: {
        ':id': input.chargePointId,
        ':on': true,
        ':p': input.protocol,
        ':c': input.connectionId,
        ':at': at,
        ':empty': {},
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  // Back after an outage that was alarmed: the offline record gets its end.
  if (Attributes?.offlineAlarmedSince) {
    const charger = await chargerContext(input.chargePointId);
    if (charger) await chargerBack(chargerRef(charger), { at });
  }
}

/** Only the connection the charger is known on counts: a stale socket closing after a reconnect changes nothing. */
export async function chargerDisconnected(input: PresenceInput): Promise<void> {
  const at = iso(input.at);
  try {
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: table(),
        Key: liveKey(input.chargePointId),
        UpdateExpression:
          'SET #online = :off, disconnectedAt = :at, gsi3pk = :pending, gsi3sk = :at REMOVE connectionId',
        ConditionExpression: 'connectionId = :c',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: {
          ':off': false,
          ':at': at,
          ':pending': OFFLINE_PENDING,
          ':c': input.connectionId,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Shows a charger offline since `at` when it is shown online (on whatever connection): the local runtime's
 * start-up, where no connection survived the process that held it. It then waits for its offline alarm like
 * any charger that went away at `at`. Returns whether it was shown online.
 */
export async function chargerGone(chargePointId: string, at: number): Promise<boolean> {
  const when = iso(at);
  try {
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: table(),
        Key: liveKey(chargePointId),
        UpdateExpression:
          'SET #online = :off, disconnectedAt = :at, gsi3pk = :pending, gsi3sk = :at REMOVE connectionId',
        ConditionExpression: '#online = :on',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: { ':off': false, ':on': true, ':at': when, ':pending': OFFLINE_PENDING },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * Chargers offline since before `cutoff` and not yet alarmed: each gets its offline alarm once and leaves
 * the pending index (the sweep calls this).
 */
export async function alarmLongOutages(cutoff: string): Promise<string[]> {
  const { Items = [] } = await dynamoDocument().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :p AND gsi3sk < :cutoff',
      ExpressionAttributeValues: { ':p': OFFLINE_PENDING, ':cutoff': cutoff },
      Limit: 500,
    }),
  );
  const alarmed: string[] = [];
  for (const item of Items) {
    const id = String(item.chargePointId);
    const since = String(item.disconnectedAt);
    const charger = await chargerContext(id);
    // The alarm first (idempotent per outage), then the mark: a crash between the two repeats the alarm
    // call, never loses it.
    if (charger) await chargerOffline(chargerRef(charger), { since });
    try {
      await dynamoDocument().send(
        new UpdateCommand({
          TableName: table(),
          Key: liveKey(id),
          UpdateExpression: 'SET offlineAlarmedSince = :since REMOVE gsi3pk, gsi3sk',
          ConditionExpression: '#online = :off AND disconnectedAt = :since',
          ExpressionAttributeNames: { '#online': 'online' },
          ExpressionAttributeValues: { ':off': false, ':since': since },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // It came back meanwhile: the outage ends now.
      if (charger) await chargerBack(chargerRef(charger), { at: new Date().toISOString() });
      continue;
    }
    alarmed.push(id);
  }
  return alarmed;
}
