/**
 * What the balance-holding records share (fleet accounts, app users, cards: each its own module): the balance
 * as an entity set under the version that was read, and the amounts of a change written into its ledger entry.
 */
import { defineEntity, model, request, type TransactItem } from './table.ts';

/** The amounts of a balance change as stored (four decimals). */
export interface BalanceAmounts {
  before: number;
  after: number;
  change: number;
}

/** The record whose balance changes, as it was read. */
interface Versioned {
  id: string;
  version: number;
}

/**
 * The balance of a repository's record (`{type}#{id}` / `{type}`, its balance in `field`) as an entity of its
 * own that writes the balance fields only (the id is key-only: the record holds it). The function returned
 * sets `field` to `after`, the version to the next and updateTime, refused (condition) when the version is no
 * longer the one read, so a change computed from a stale balance never lands.
 */
export function versionedBalance(entityName: string, type: string, field: string) {
  const entity = defineEntity(
    {
      model: model(entityName),
      attributes: {
        id: { type: 'string', required: true },
        [field]: { type: 'number' },
        version: { type: 'number' },
        updateTime: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['id'], template: `${type}#\${id}`, casing: 'none' },
          sk: { field: 'sk', composite: [], template: type, casing: 'none' },
        },
      },
    },
    { keyOnly: ['id'] },
  );
  return (record: Versioned, after: number, at: string): TransactItem => ({
    Update: request(
      entity
        .update({ id: record.id })
        .set({ [field]: after, version: record.version + 1, updateTime: at })
        .where((a, op) => op.eq(a.version, record.version))
        .params(),
    ),
  });
}

/** A ledger entry's balance fields. */
export const amountFields = (amounts: BalanceAmounts) => ({
  beforeBalance: amounts.before,
  afterBalance: amounts.after,
  changeBalance: amounts.change,
});
