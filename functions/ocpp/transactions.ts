/**
 * Charging sessions as chargers report them (1.6 Start/MeterValues/StopTransaction, 2.0.1 TransactionEvent)
 * and their meter samples. Every write is idempotent, so duplicates, late and offline-buffered messages are
 * harmless (DESIGN.md section 4):
 * - a session item is created with a condition (a repeated start returns the same transaction id);
 * - samples are keyed by their own timestamp (a repeated sample overwrites itself);
 * - completion is a conditional status change (a repeated stop changes nothing, an unknown one is
 *   acknowledged), and the completed session is marked for the order pipeline in the same write.
 *
 * The hand-off to the order pipeline is an outbox: completion puts the session on the `TXHANDOFF` index and
 * queues it; the order consumer takes it off once the order exists; the sweep re-queues what is left, so a
 * crash between the two never loses a session.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamoDocument, sqsClient } from '@functions/lib/aws.ts';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { config } from '@functions/lib/config.ts';
import { logger } from '@functions/lib/http.ts';
import { table } from '@functions/lib/store.ts';
import { pricingFor, type SessionPricing } from '@functions/orders/tariffs.ts';
import type { ChargerContext } from './charger.ts';
import { sessionStarted } from '@functions/orders/session-hooks.ts';

/** SPEC.md section 3, order start mode: how the session was started. */
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
export const METER_RETENTION_DAYS = Number(process.env.METER_RETENTION_DAYS ?? 400);
export const HANDOFF_INDEX = 'TXHANDOFF';

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
  /** The tariff and the station's clock at the start (functions/orders/tariffs.ts); none: priced as free. */
  pricing?: SessionPricing;
}

export const sessionKey = (chargePointId: string, transactionId: string) => ({
  pk: `TX#${chargePointId}#${transactionId}`,
  sk: 'TX',
});
const db = () => dynamoDocument();

/** 1.6: the central system numbers transactions; one atomic counter. */
async function nextTransactionId(): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: 'COUNTER#transactionId', sk: 'COUNTER' },
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
}

export async function getSession(chargePointId: string, transactionId: string): Promise<Session | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: sessionKey(chargePointId, transactionId) }),
  );
  return Item as Session | undefined;
}

function sessionItem(s: Session) {
  return {
    ...sessionKey(s.chargePointId, s.transactionId),
    ...s,
    // Tenancy index: a company's sessions by start time.
    gsi1pk: 'TX',
    gsi1sk: `${s.tenant}${s.startTime}#${s.chargePointId}#${s.transactionId}`,
    // The charger's active sessions by connector.
    gsi2pk: `TXACTIVE#${s.chargePointId}`,
    gsi2sk: String(s.connectorNo).padStart(4, '0'),
  };
}

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
}

/**
 * Records a session start; returns its transaction id. 1.6 starts are recognised as repeats by charger,
 * connector and timestamp (a guard item written with the session in one transaction).
 */
export async function startSession(
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
  });
  if (input.transactionId !== undefined) {
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: strip(sessionItem(session(input.transactionId))),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      await sessionStarted(session(input.transactionId));
      return { transactionId: input.transactionId, created: true };
    } catch (error) {
      if (isConditionFailure(error)) return { transactionId: input.transactionId, created: false };
      throw error;
    }
  }
  const guard = {
    pk: `TXSTART#${charger.chargePointId}#${input.connectorNo}#${input.timestamp}`,
    sk: 'TXSTART',
  };
  const transactionId = String(await nextTransactionId());
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...guard, transactionId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: strip(sessionItem(session(transactionId))),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    await sessionStarted(session(transactionId));
    return { transactionId, created: true };
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: guard }));
    if (!Item) throw error;
    return { transactionId: String(Item.transactionId), created: false };
  }
}

/** The active session of a connector, if any (newest). */
export async function activeSession(
  chargePointId: string,
  connectorNo: number,
): Promise<Session | undefined> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p AND gsi2sk = :c',
      ExpressionAttributeValues: {
        ':p': `TXACTIVE#${chargePointId}`,
        ':c': String(connectorNo).padStart(4, '0'),
      },
    }),
  );
  return (Items as Session[]).sort((a, b) => b.startTime.localeCompare(a.startTime))[0];
}

/** Whether any connector of the charger has a session that has not ended. */
export async function hasActiveSession(chargePointId: string): Promise<boolean> {
  const { Count = 0 } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p',
      ExpressionAttributeValues: { ':p': `TXACTIVE#${chargePointId}` },
      Limit: 1,
      Select: 'COUNT',
    }),
  );
  return Count > 0;
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
export const samplesKey = (chargePointId: string, transactionId?: string, connectorNo?: number) =>
  transactionId !== undefined
    ? `${chargePointId}#${transactionId}`
    : `${chargePointId}#connector${connectorNo ?? 0}`;

/**
 * Stores samples (of a session or of a connector) and moves the session's running figures forward: energy
 * so far, power, state of charge. Samples older than the last one seen do not move the figures back.
 */
export async function recordSamples(
  charger: ChargerContext,
  input: { transactionId?: string; connectorNo?: number; samples: MeterSample[] },
): Promise<void> {
  const key = samplesKey(charger.chargePointId, input.transactionId, input.connectorNo);
  const expiresAt = Math.floor(Date.now() / 1000) + METER_RETENTION_DAYS * 86_400;
  await Promise.all(
    input.samples.map((sample) =>
      db().send(
        new PutCommand({
          TableName: config.tableName('meterValues'),
          Item: { transactionKey: key, at: sample.timestamp, values: sample.values, expiresAt },
        }),
      ),
    ),
  );
  if (input.transactionId === undefined) return;
  const latest = [...input.samples].sort((a, b) => b.timestamp.localeCompare(a.timestamp))[0];
  if (!latest) return;
  const energy = readingOf(latest, 'Energy.Active.Import.Register');
  const power = readingOf(latest, 'Power.Active.Import');
  const soc = readingOf(latest, 'SoC');
  const earliestSoc = [...input.samples]
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((s) => readingOf(s, 'SoC'))
    .find((v) => v !== undefined);
  const sets = ['lastSampleAt = :at'];
  const values: Record<string, unknown> = { ':at': latest.timestamp };
  const figures: [string, string, number | undefined][] = [
    ['lastMeterWh = :e', ':e', energy],
    ['lastPowerW = :p', ':p', power],
    ['soc = :s', ':s', soc],
    ['startSoc = if_not_exists(startSoc, :s0)', ':s0', earliestSoc],
  ];
  for (const [set, name, value] of figures)
    if (value !== undefined) {
      sets.push(set);
      values[name] = value;
    }
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: sessionKey(charger.chargePointId, input.transactionId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lastSampleAt) OR lastSampleAt <= :at)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A session's samples in time order (the order detail's meter curve), expired ones left out. */
export async function sessionSamples(chargePointId: string, transactionId: string): Promise<MeterSample[]> {
  const out: MeterSample[] = [];
  const now = Math.floor(Date.now() / 1000);
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: config.tableName('meterValues'),
        KeyConditionExpression: 'transactionKey = :k',
        ExpressionAttributeValues: { ':k': samplesKey(chargePointId, transactionId) },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? [])
      if (Number(item.expiresAt ?? Infinity) > now)
        out.push({ timestamp: String(item.at), values: item.values as SampledValue[] });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
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
  const meterStopWh = input.meterStopWh ?? current.lastMeterWh ?? current.meterStartWh;
  const energyWh = Math.max(0, Math.round(meterStopWh - current.meterStartWh));
  const durationSeconds = Math.max(
    0,
    Math.round((Date.parse(input.timestamp) - Date.parse(current.startTime)) / 1000),
  );
  const set: Record<string, unknown> = {
    status: 'completed',
    endTime: input.timestamp,
    meterStopWh,
    energyWh,
    durationSeconds,
    gsi3pk: HANDOFF_INDEX,
    gsi3sk: `${input.timestamp}#${charger.chargePointId}#${input.transactionId}`,
  };
  if (current.soc !== undefined) set.endSoc = current.soc;
  if (input.reason) set.stopReason = input.reason;
  if (input.idTag) set.stopIdTag = input.idTag;
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':active': 'active' };
  const sets = Object.entries(set).map(([k, v]) => {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    return `#${k} = :${k}`;
  });
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: sessionKey(charger.chargePointId, input.transactionId),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await queueHandOff(charger.chargePointId, input.transactionId).catch((error: unknown) =>
    // The sweep re-queues sessions still on the hand-off index.
    logger.error('Session hand-off not queued; the sweep will retry', { error: String(error) }),
  );
  return true;
}

export async function queueHandOff(chargePointId: string, transactionId: string) {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: config.queueUrl('sessions'),
      MessageBody: JSON.stringify({ chargePointId, transactionId }),
    }),
  );
}

/** Completed sessions not yet taken by the order pipeline, oldest first, completed before `before`. */
export async function pendingHandOffs(before: string, limit = 100): Promise<Session[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :p AND gsi3sk < :b',
      ExpressionAttributeValues: { ':p': HANDOFF_INDEX, ':b': before },
      Limit: limit,
    }),
  );
  return Items as Session[];
}

/** The order pipeline has the session: it leaves the hand-off index. */
export async function handOffDone(chargePointId: string, transactionId: string) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: sessionKey(chargePointId, transactionId),
      UpdateExpression: 'REMOVE gsi3pk, gsi3sk SET handedOffAt = if_not_exists(handedOffAt, :now)',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}

const strip = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
