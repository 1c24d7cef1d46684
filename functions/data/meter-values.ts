/**
 * Meter samples (table `meterValues`, TTL `expiresAt`): one item per sample, `transactionKey` (the partition,
 * the attribute itself) and `at` (the sample's time). Partitions:
 * - a session's samples `{chargePointId}#{transactionId}`;
 * - samples of a connector outside any transaction `{chargePointId}#connector{connectorNo}`;
 * - samples of a transaction reported outside its life `outside#{chargePointId}#{transactionId}` (with `why`);
 * - an energy box's current samples `EBOX#{code}` (functions/energybox/telemetry.ts).
 * Access patterns: a sample put (a repeated one overwrites itself; group-committed: resolved once written, many
 * in one request under load), a partition's samples in time order, an
 * energy box's samples since a time. DynamoDB Local never expires items, so readers skip expired ones.
 */
import { putGrouped } from './group-commit.ts';
import { defineEntity, model, PARAMS, putRecord, queryAll, send } from './table.ts';

export const meterValues = defineEntity(
  {
    model: model('METERVALUE'),
    attributes: {
      transactionKey: { type: 'string', required: true },
      at: { type: 'string', required: true },
      expiresAt: { type: 'number' },
    },
    indexes: {
      bySeries: {
        pk: { field: 'transactionKey', composite: ['transactionKey'], casing: 'none' },
        sk: { field: 'at', composite: ['at'], casing: 'none' },
      },
    },
  },
  { table: 'meterValues' },
);

/** The partition of a session's samples, or of a connector's samples outside any transaction. */
export const samplesKey = (chargePointId: string, transactionId?: string, connectorNo?: number) =>
  transactionId !== undefined
    ? `${chargePointId}#${transactionId}`
    : `${chargePointId}#connector${connectorNo ?? 0}`;

/** The partition of the samples of a transaction reported outside its life (kept for inspection only). */
export const outsideSamplesKey = (chargePointId: string, transactionId: string) =>
  `outside#${chargePointId}#${transactionId}`;

/** The partition of an energy box's samples. */
export const energyBoxSamplesKey = (code: string) => `EBOX#${code}`;

/** Stores a sample: its fields as given, under its partition and time. */
export const putSample = (
  transactionKey: string,
  at: string,
  fields: Record<string, unknown>,
  expiresAt: number,
) =>
  putGrouped(
    putRecord(meterValues.put({ transactionKey, at, expiresAt }).params(), {
      transactionKey,
      at,
      ...fields,
      expiresAt,
    }),
    ['transactionKey', 'at'],
  );

/** A partition's samples, oldest first, expired ones left out (as stored, with their key attributes). */
export async function samplesOf(transactionKey: string): Promise<Record<string, unknown>[]> {
  const now = Math.floor(Date.now() / 1000);
  return (
    await queryAll(meterValues.query.bySeries({ transactionKey }).params({ ...PARAMS, order: 'asc' }))
  ).filter((item) => Number(item.expiresAt ?? Infinity) > now);
}

/** An energy box's samples since `since` (ISO), oldest first (one page), without key or expiry. */
export async function energyBoxSamplesSince(code: string, since: string) {
  const { Items = [] } = await send.query(
    meterValues.query
      .bySeries({ transactionKey: energyBoxSamplesKey(code) })
      .gte({ at: since })
      .params({ ...PARAMS, order: 'asc' }),
  );
  return Items.map(({ transactionKey: _k, expiresAt: _e, ...sample }) => sample);
}
