/**
 * The live facts of a charge point, kept by the platform from what the charger says (never edited in the
 * console): online state, boot information, firmware, and each connector's state. One item per charge
 * point beside its record (`CHARGEPOINT#{id}` / `LIVE`), so a status update never races a console edit.
 *
 * Connector updates carry the charger's timestamp and are applied only when newer than the stored one: a
 * late or replayed StatusNotification does not roll a connector back.
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { connectorStateOf, type ConnectorState } from '@shared/ocpp/connector-state.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { table } from '@functions/lib/store.ts';

export interface ConnectorLive {
  /** The state as SPEC.md section 4 names it. */
  state: ConnectorState;
  /** The charger's own status text (1.6 ChargePointStatus, 2.0.1 ConnectorStatus / chargingState). */
  status: string;
  errorCode?: string;
  vendorErrorCode?: string;
  info?: string;
  /** The charger's timestamp of this status (ISO). */
  at: string;
  transactionId?: string;
}

export interface BootInfo {
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerialNumber?: string;
  reason?: string;
  at: string;
}

export interface LiveState {
  chargePointId: string;
  online: boolean;
  protocol?: string;
  connectionId?: string;
  connectedAt?: string;
  disconnectedAt?: string;
  lastMessageAt?: string;
  boot?: BootInfo;
  firmwareVersion?: string;
  firmwareStatus?: string;
  diagnosticsStatus?: string;
  /** ChangeAvailability: whether the pile accepts sessions. */
  operative?: boolean;
  connectors: Record<string, ConnectorLive>;
}

export const liveKey = (chargePointId: string) => ({ pk: `CHARGEPOINT#${chargePointId}`, sk: 'LIVE' });
const db = () => dynamoDocument();

const fromItem = (chargePointId: string, item: Record<string, unknown> | undefined): LiveState => ({
  chargePointId,
  online: false,
  connectors: {},
  ...(item ?? {}),
  ...(item ? { connectors: (item.connectors as Record<string, ConnectorLive>) ?? {} } : {}),
});

export async function getLive(chargePointId: string): Promise<LiveState> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: liveKey(chargePointId) }));
  return strip(fromItem(chargePointId, Item));
}

function strip(live: LiveState): LiveState {
  const out = { ...live } as LiveState & Record<string, unknown>;
  delete out.pk;
  delete out.sk;
  return out;
}

/** Live states of many charge points (BatchGet, 100 at a time); a charge point never heard of is offline. */
export async function getLiveMany(ids: string[]): Promise<Map<string, LiveState>> {
  const out = new Map<string, LiveState>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map(liveKey);
    while (keys && keys.length) {
      const res = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }));
      for (const item of res.Responses?.[table()] ?? [])
        out.set(String(item.chargePointId), strip(fromItem(String(item.chargePointId), item)));
      keys = res.UnprocessedKeys?.[table()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  for (const id of unique) if (!out.has(id)) out.set(id, fromItem(id, undefined));
  return out;
}

/** Sets top-level live attributes (creating the item when needed). */
export async function setLive(chargePointId: string, values: Record<string, unknown>, remove: string[] = []) {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = { ':id': chargePointId, ':empty': {} };
  const sets = ['chargePointId = :id', 'connectors = if_not_exists(connectors, :empty)'];
  entries.forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    vals[`:v${i}`] = v;
    sets.push(`#a${i} = :v${i}`);
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: liveKey(chargePointId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: vals,
    }),
  );
}

/**
 * Records a connector's status if it is newer than the stored one. Returns the previous live connector
 * (undefined when none) and whether the update applied.
 */
export async function setConnector(
  chargePointId: string,
  connectorNo: number,
  next: Omit<ConnectorLive, 'state'> & { state?: ConnectorState },
  protocol: string,
  retried = false,
): Promise<{ applied: boolean; previous?: ConnectorLive; current: ConnectorLive }> {
  const key = String(connectorNo);
  const current: ConnectorLive = {
    ...next,
    state: next.state ?? connectorStateOf(protocol, next.status),
  };
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: liveKey(chargePointId),
        UpdateExpression: 'SET connectors.#c = :c',
        ConditionExpression: 'attribute_not_exists(connectors.#c) OR connectors.#c.#at <= :at',
        ExpressionAttributeNames: { '#c': key, '#at': 'at' },
        ExpressionAttributeValues: { ':c': stripUndefined(current), ':at': current.at },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const previous = (Attributes?.connectors as Record<string, ConnectorLive> | undefined)?.[key];
    return { applied: true, previous, current };
  } catch (error) {
    if (isConditionFailure(error)) return { applied: false, current };
    // The connectors map is made on connect; a report without one (an item from before) makes it first.
    if ((error as Error).name === 'ValidationException' && !retried) {
      await setLive(chargePointId, {});
      return setConnector(chargePointId, connectorNo, next, protocol, true);
    }
    throw error;
  }
}

const stripUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
