/**
 * The OCPP message log (table `ocppLog`, TTL `expiresAt`; functions/ocpp-messages/message-log.ts): one item per
 * exchange, `chargePointId` (the partition, the attribute itself) and `at` (its wire position). Access
 * patterns:
 * - an exchange's put (group-committed: resolved once written, many in one request under load);
 * - a charge point's exchanges between two positions, newest first, a page at a time, expired ones skipped
 *   (DynamoDB Local never expires items).
 */
import { randomBytes } from 'node:crypto';
import { putGrouped } from './group-commit.ts';
import { defineEntity, model, PARAMS, putRecord, send } from './table.ts';

export const messageLog = defineEntity(
  {
    model: model('OCPPLOG'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      at: { type: 'string', required: true },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byCharger: {
        pk: { field: 'chargePointId', composite: ['chargePointId'], casing: 'none' },
        sk: { field: 'at', composite: ['at'], casing: 'none' },
      },
    },
  },
  { table: 'ocppLog' },
);

/**
 * A log position: the ISO time, then a per-instance counter that orders messages of one millisecond as they
 * were logged (an answer after its CALL) and a random part that keeps instances apart. The suffix sorts after
 * every bare ISO time of the same millisecond.
 */
let sequence = 0;
const instance = randomBytes(3).toString('hex');
export function sortKey(atMs: number): string {
  sequence = (sequence + 1) % 1e8;
  return `${new Date(atMs).toISOString()}#${String(sequence).padStart(8, '0')}${instance}`;
}

/** The epoch milliseconds of a position. */
export const positionMs = (position: string): number => Date.parse(position.split('#')[0] ?? '');

/** Stores an exchange as given (its fields are the log's: frame, direction, reply...). */
export const putExchange = <T extends { chargePointId: string; at: string }>(item: T) =>
  putGrouped(putRecord(messageLog.put({ chargePointId: item.chargePointId, at: item.at }).params(), item), [
    'chargePointId',
    'at',
  ]);

/**
 * A page of a charge point's exchanges positioned from `from` to `to` (both included), newest first, at most
 * `limit` read, those expired by `nowSeconds` left out; `next` continues after the page.
 */
export async function exchangesPage(
  chargePointId: string,
  range: { from: string; to: string; nowSeconds: number; limit: number },
  next?: Record<string, unknown>,
): Promise<{ items: Record<string, unknown>[]; next?: Record<string, unknown> }> {
  const params = messageLog.query
    .byCharger({ chargePointId })
    .between({ at: range.from }, { at: range.to })
    .where((a, op) => op.gt(a.expiresAt, range.nowSeconds))
    .params({ ...PARAMS, order: 'desc', limit: range.limit });
  const page = await send.query({ ...params, ExclusiveStartKey: next });
  return { items: page.Items ?? [], next: page.LastEvaluatedKey };
}
