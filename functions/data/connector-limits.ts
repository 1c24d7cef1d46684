/**
 * The connector counter of a subscribing company's tree (functions/chargepoints/connector-limit.ts, decision 110):
 * `CONNECTORS#{agentId}` / `CONNECTORS` (`ac`, `dc`). Access patterns:
 * - the counter;
 * - its first count (a put refused when it exists: one maker wins);
 * - a charge point write's change of it, in the write's transaction: refused unless the counter exists and,
 *   for each kind that grows, leaves room under the subscription's limit.
 */
import type { Transact } from './repository.ts';
import { defineEntity, getRecord, model, request, send } from './table.ts';

export interface ConnectorCount {
  ac: number;
  dc: number;
}

export const connectorCounters = defineEntity(
  {
    model: model('CONNECTORS'),
    attributes: {
      agentId: { type: 'string', required: true },
      ac: { type: 'number' },
      dc: { type: 'number' },
    },
    indexes: {
      byCompany: {
        pk: { field: 'pk', composite: ['agentId'], template: 'CONNECTORS#${agentId}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'CONNECTORS', casing: 'none' },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

/** The counter, undefined when it was never made. */
export async function getConnectorCount(agentId: string): Promise<ConnectorCount | undefined> {
  const item = await getRecord<Partial<ConnectorCount>>(connectorCounters.get({ agentId }).params());
  return item ? { ac: Number(item.ac ?? 0), dc: Number(item.dc ?? 0) } : undefined;
}

/** Makes the counter with its first count; refused (ConditionalCheckFailedException) when it exists. */
export const createConnectorCount = (agentId: string, count: ConnectorCount) =>
  send.put(connectorCounters.create({ agentId, ...count }).params());

/**
 * The transaction's update adding `delta` to the counter, refused unless the counter exists and, for each
 * kind `room` names, its count is at most that room (the limit less what the write adds).
 */
export function connectorCountChange(
  agentId: string,
  delta: ConnectorCount,
  room: Partial<ConnectorCount>,
): Transact {
  const update = connectorCounters
    .patch({ agentId })
    .add({ ac: delta.ac, dc: delta.dc })
    .where((a, op) =>
      (['ac', 'dc'] as const)
        .flatMap((kind) => (room[kind] === undefined ? [] : [op.lte(a[kind], room[kind])]))
        .join(' AND '),
    );
  return { Update: request(update.params()) as NonNullable<Transact['Update']> };
}
