/**
 * What the balance-holding records share (fleet accounts, app users, cards: each its own entity module): the
 * balance set under the version that was read, and the amounts of a change written into its ledger entry.
 */
import { request, type TransactItem } from './table.ts';

/** The amounts of a balance change as stored (four decimals). */
export interface BalanceAmounts {
  before: number;
  after: number;
  change: number;
}

/** The record whose balance changes, as it was read. */
export interface Versioned {
  id: string;
  version: number;
}

/** An entity keyed by `id` whose items carry `version` and `updateTime` (ElectroDB's update builder). */
interface VersionedEntity {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  update(key: { id: string }): any;
}

/**
 * The record's `field` set to `after`, its version to the next and its updateTime, refused (condition) when
 * the version is no longer the one read: a change computed from a stale balance never lands.
 */
export const balanceSet = (
  entity: VersionedEntity,
  field: string,
  record: Versioned,
  after: number,
  at: string,
): TransactItem => ({
  Update: request(
    entity
      .update({ id: record.id })
      .set({ [field]: after, version: record.version + 1, updateTime: at })
      .where((a: Record<string, unknown>, op: { eq(a: unknown, v: unknown): string }) =>
        op.eq(a.version, record.version),
      )
      .params(),
  ),
});

/** A ledger entry's balance fields. */
export const amountFields = (amounts: BalanceAmounts) => ({
  beforeBalance: amounts.before,
  afterBalance: amounts.after,
  changeBalance: amounts.change,
});
