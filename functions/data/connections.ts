/**
 * Live OCPP WebSocket connections (table `connections`, TTL `expiresAt`): one item per connection, keyed by
 * `connectionId` (the attribute itself), index `byChargePoint` on `chargePointId`. Access patterns:
 * - a connection's put (on `$connect`) and delete;
 * - a connection by its id;
 * - activity on a known connection (`lastSeenAt`, refreshed by the offline sweep), refused when it is gone;
 * - a charge point's connections (index);
 * - every connection, and the connections silent since before a time (scans: one small item per connected
 *   charger, so bounded; the local runtime's start-up and the offline sweep);
 * - every connection deleted (the local runtime's start-up).
 */
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { defineEntity, model, PARAMS, putRecord, queryAll, send } from './table.ts';

export interface Connection {
  connectionId: string;
  chargePointId: string;
  agentId: string;
  protocol: string;
  connectedAt: number;
  lastSeenAt: number;
  /** Epoch seconds; API Gateway drops a connection after its maximum duration, so the item goes then too. */
  expiresAt: number;
}

export const connections = defineEntity(
  {
    model: model('CONNECTION'),
    attributes: {
      connectionId: { type: 'string', required: true },
      chargePointId: { type: 'string', required: true },
      agentId: { type: 'string' },
      protocol: { type: 'string' },
      connectedAt: { type: 'number' },
      lastSeenAt: { type: 'number' },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byId: { pk: { field: 'connectionId', composite: ['connectionId'], casing: 'none' } },
      byChargePoint: {
        index: 'byChargePoint',
        pk: { field: 'chargePointId', composite: ['chargePointId'], casing: 'none' },
      },
    },
  },
  { table: 'connections' },
);

/** Stores a connection as given (fields no entity declares would pass through too). */
export const putConnection = (c: Connection) => send.put(putRecord(connections.put(c).params(), c));

/**
 * A connection as stored, undefined when it is not known. `consistent`: a strongly consistent read, which sees
 * a connection put a moment ago (an eventually consistent one may not yet: decision 471).
 */
export async function getConnection(
  connectionId: string,
  consistent = false,
): Promise<Connection | undefined> {
  const { Item } = await send.get(
    connections.get({ connectionId }).params(consistent ? { consistent: true } : {}),
  );
  return Item as Connection | undefined;
}

/** Records activity on a connection; the connection as it is now, undefined when it is not known. */
export async function touchConnection(connectionId: string, lastSeenAt: number) {
  try {
    const { Attributes } = await send.update(
      connections.patch({ connectionId }).set({ lastSeenAt }).params({ response: 'all_new' }),
    );
    return Attributes as Connection;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export const deleteConnection = (connectionId: string) =>
  send.delete(connections.delete({ connectionId }).params());

/** A charge point's connections, as stored (expired ones included: DynamoDB Local has no TTL). */
export async function connectionsOfChargePoint(chargePointId: string): Promise<Connection[]> {
  const { Items = [] } = await send.query(
    connections.query.byChargePoint({ chargePointId }).params({ ...PARAMS, order: 'asc' }),
  );
  return Items as Connection[];
}

const scanAll = async (params: object) => (await queryAll(params, { scan: true })) as unknown as Connection[];

/** Every connection. (Scans take no order: `params: {}` adds nothing, and lets the options type take PARAMS.) */
export const allConnections = () => scanAll(connections.scan.params({ ...PARAMS, params: {} }));

/** The connections with no activity since before `cutoff` (epoch seconds). */
export const silentConnections = (cutoff: number) =>
  scanAll(connections.scan.where((a, op) => op.lt(a.lastSeenAt, cutoff)).params({ ...PARAMS, params: {} }));

/** Deletes connections, 25 to a batch (until every one is processed). */
export async function deleteConnections(connectionIds: string[]): Promise<void> {
  for (let i = 0; i < connectionIds.length; i += 25) {
    let writes: Record<string, unknown[]> | undefined = {
      connections: connectionIds.slice(i, i + 25).map((connectionId) => ({
        DeleteRequest: { Key: connections.delete({ connectionId }).params().Key },
      })),
    };
    while (writes && Object.keys(writes).length) {
      const answer = await send.batchWrite({ RequestItems: writes as never });
      writes = answer.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}
