/**
 * One ledger for every balance-holding account (docs/decisions/445-one-way-to-store-an-entity.md): a charging
 * card (card-ledger.ts), a fleet account (fleet-balances.ts), an app user (app-users.ts). Each account is a
 * repository item `{TYPE}#{id}` / `{TYPE}` holding its balance in one field (four decimals, computed by
 * functions/accounts/fleet-balance.ts). A change is, in ONE transaction:
 * - the balance set to its new value under the version read (refused when the account changed meanwhile, so
 *   a change computed from a stale balance never lands);
 * - one entry `{LEDGER}#{accountId}` / `{createTime}#{entryId}` put once (never overwritten, never changed)
 *   with the balances before and after;
 * - for a kind that counts its entries, its count `{COUNT}#{accountId}` / `COUNT` raised by one;
 * - for a debit that pays an order, the order's debit guard `DEBIT#{orderNo}` / `DEBIT`, put once whichever
 *   account pays it (the guard names the account, `{TYPE}#{id}`).
 * Access patterns: an account's entries oldest first, its latest ones newest first, a page of them newest first
 * (only one type's, on gsi1 `{TYPE INDEX}#{accountId}#{type}`, for a kind that indexes them), and its count.
 * The kinds keep the item names and fields they were stored with (a card's entry holds its change as
 * `amount`, the others as `changeBalance`), so every stored item reads as before.
 */
import { newId } from '@functions/lib/records.ts';
import {
  defineEntity,
  getRecord,
  model,
  putRecord,
  queryAll,
  queryPage,
  request,
  withoutKeys,
  type TransactItem,
} from './table.ts';

/** The amounts of a balance change as stored (four decimals). */
export interface BalanceAmounts {
  before: number;
  after: number;
  change: number;
}

/** The account whose balance changes, as it was read. */
export interface LedgerAccount {
  id: string;
  tenant: string;
  version: number;
}

export interface LedgerKind {
  /** The account's repository type (`CARD`, `FLEET`, `APPUSER`) and the field holding its balance. */
  type: string;
  balanceField: string;
  /** The names the balance update, the entries and the count are stored under. */
  balanceName: string;
  entryName: string;
  countName?: string;
  /** The entry field naming its account (`cardId`, `fleetId`, `appUserId`). */
  accountField: string;
  /** The entry field holding the change. */
  changeField: 'amount' | 'changeBalance';
  /** Entries indexed by their type (a fleet's fund records by operation type): the index's name and field. */
  byType?: { name: string; field: string };
}

/** A ledger entry's own fields (the type, an order number, who made it...), without account and amounts. */
export type EntryFields = Record<string, unknown>;

/** The balance field of an account's item as an entity of its own (the id is key-only: the item holds it). */
function balanceEntity(kind: LedgerKind) {
  return defineEntity(
    {
      model: model(kind.balanceName),
      attributes: {
        id: { type: 'string', required: true },
        [kind.balanceField]: { type: 'number' },
        version: { type: 'number' },
        updateTime: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['id'], template: `${kind.type}#\${id}`, casing: 'none' },
          sk: { field: 'sk', composite: [], template: kind.type, casing: 'none' },
        },
      },
    },
    { keyOnly: ['id'] },
  );
}

/** The entries' entity (its schema is built per kind, so ElectroDB's types are too). */
interface EntryEntity {
  create(item: object): { params(): object };
  query: Record<string, (key: object) => { params(options?: object): object }>;
}

function entryEntity(kind: LedgerKind): EntryEntity {
  const account = kind.accountField;
  const sk = {
    field: 'sk',
    composite: ['createTime', 'entryId'],
    template: '${createTime}#${entryId}',
    casing: 'none',
  } as const;
  return defineEntity(
    {
      model: model(kind.entryName),
      attributes: {
        [account]: { type: 'string', required: true },
        createTime: { type: 'string', required: true },
        /** Key-only: two entries of one instant stay apart. */
        entryId: { type: 'string', required: true },
        ...(kind.byType ? { [kind.byType.field]: { type: 'number', required: true } } : {}),
      },
      indexes: {
        byAccount: {
          pk: {
            field: 'pk',
            composite: [account],
            template: `${kind.entryName}#\${${account}}`,
            casing: 'none',
          },
          sk,
        },
        ...(kind.byType
          ? {
              byType: {
                index: 'gsi1',
                pk: {
                  field: 'gsi1pk',
                  composite: [account, kind.byType.field],
                  template: `${kind.byType.name}#\${${account}}#\${${kind.byType.field}}`,
                  casing: 'none',
                },
                sk: { ...sk, field: 'gsi1sk' },
              },
            }
          : {}),
      },
    },
    { keyOnly: ['entryId'] },
  ) as unknown as EntryEntity;
}

function countEntity(kind: LedgerKind, name: string) {
  return defineEntity({
    model: model(name),
    attributes: { [kind.accountField]: { type: 'string', required: true }, total: { type: 'number' } },
    indexes: {
      byAccount: {
        pk: {
          field: 'pk',
          composite: [kind.accountField],
          template: `${name}#\${${kind.accountField}}`,
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'COUNT', casing: 'none' },
      },
    },
  });
}

/** The debit guard of an order: one item per order number, whichever account pays it. */
export const debitGuards = defineEntity({
  model: model('DEBIT'),
  attributes: {
    orderNo: { type: 'string', required: true },
    account: { type: 'string' },
    createTime: { type: 'string' },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['orderNo'], template: 'DEBIT#${orderNo}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'DEBIT', casing: 'none' },
    },
  },
});

/** The guard of an order's debit by `account` (`FLEET#…`, `APPUSER#…`, `CARD#…`): refused when one exists. */
export const debitGuardPut = (orderNo: string, account: string, at: string): TransactItem => ({
  Put: request(debitGuards.create({ orderNo, account, createTime: at }).params()) as TransactItem['Put'],
});

/** The ledger of one kind of account. */
export function ledger(kind: LedgerKind) {
  const balance = balanceEntity(kind);
  const entries = entryEntity(kind);
  const counts = kind.countName ? countEntity(kind, kind.countName) : undefined;
  const account = kind.accountField;
  const byAccount = (id: string) => entries.query.byAccount!({ [account]: id }).params();

  /** The balance set to `after` under the version read, with the next version and updateTime. */
  const balanceSet = (
    record: Pick<LedgerAccount, 'id' | 'version'>,
    after: number,
    at: string,
  ): TransactItem => ({
    Update: request(
      balance
        .update({ id: record.id })
        .set({ [kind.balanceField]: after, version: record.version + 1, updateTime: at })
        .where((a, op) => op.eq(a.version, record.version))
        .params(),
    ),
  });

  /** The put of a new entry with the balances around the change (refused if its key exists). */
  const entryPut = (
    owner: Pick<LedgerAccount, 'id' | 'tenant'>,
    fields: EntryFields,
    amounts: BalanceAmounts,
    at: string,
    entryId = newId(),
  ): TransactItem => {
    const typed = kind.byType ? { [kind.byType.field]: fields[kind.byType.field] } : {};
    return {
      Put: putRecord(entries.create({ [account]: owner.id, createTime: at, entryId, ...typed }).params(), {
        ...fields,
        [account]: owner.id,
        tenant: owner.tenant,
        beforeBalance: amounts.before,
        afterBalance: amounts.after,
        [kind.changeField]: amounts.change,
        createTime: at,
      }),
    };
  };

  /** The account's entry count raised by one (kinds that count their entries): in the entry's transaction. */
  const counted = (id: string): TransactItem[] =>
    counts
      ? [
          {
            Update: request(
              counts
                .update({ [account]: id })
                .add({ total: 1 })
                .params(),
            ),
          },
        ]
      : [];

  return {
    kind,
    balanceSet,
    entryPut,
    counted,

    /**
     * The writes of one change, for ONE transaction: the balance set under the version read, its entry and
     * the count (`balance: false` leaves the balance to the caller: an app user's balance set with its frozen
     * amount).
     */
    change(
      owner: LedgerAccount,
      amounts: BalanceAmounts,
      at: string,
      fields: EntryFields,
      { balance: setBalance = true } = {},
    ): TransactItem[] {
      return [
        ...(setBalance ? [balanceSet(owner, amounts.after, at)] : []),
        entryPut(owner, fields, amounts, at),
        ...counted(owner.id),
      ];
    },

    /** The guard that an order is debited once, naming this account. */
    debitGuard: (orderNo: string, accountId: string, at: string) =>
      debitGuardPut(orderNo, `${kind.type}#${accountId}`, at),

    /** An account's entries as stored, oldest first. */
    entries: (id: string) => queryAll(byAccount(id)),

    /** An account's latest `limit` entries, newest first, without keys. */
    async latest(id: string, limit: number) {
      const items = await queryPage({ ...byAccount(id), ScanIndexForward: false }, 0, limit);
      return items.map((item) => withoutKeys<Record<string, unknown>>(item));
    },

    /** A page of an account's entries, newest first, without keys (only those of `type`, where indexed). */
    async page(id: string, skip: number, size: number, type?: number) {
      const query =
        type === undefined || !kind.byType
          ? byAccount(id)
          : entries.query.byType!({ [account]: id, [kind.byType.field]: type }).params();
      const items = await queryPage({ ...query, ScanIndexForward: false }, skip, size);
      return items.map((item) => withoutKeys<Record<string, unknown>>(item));
    },

    /** How many entries an account has (kinds that count them). */
    async count(id: string): Promise<number> {
      if (!counts) return 0;
      const found = await getRecord<{ total?: number }>(request(counts.get({ [account]: id }).params()));
      return found?.total ?? 0;
    },
  };
}

export type Ledger = ReturnType<typeof ledger>;
