/**
 * The ledger of an offline card's balance (functions/biz/cards.ts recharges, functions/orders/settlement.ts
 * consumption): one entry per change `CARDLEDGER#{cardId}` / `{createTime}#{entryId}`, written in the same
 * transaction as the balance it changes, never changed after. Access pattern: a card's entries by time.
 */
import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { newId } from '@functions/lib/records.ts';
import { defineEntity, model, putRecord, queryAll } from './table.ts';

export const cardLedger = defineEntity(
  {
    model: model('CARDLEDGER'),
    attributes: {
      cardId: { type: 'string', required: true },
      createTime: { type: 'string', required: true },
      /** Key-only: two entries of one instant stay apart. */
      entryId: { type: 'string', required: true },
    },
    indexes: {
      byCard: {
        pk: { field: 'pk', composite: ['cardId'], template: 'CARDLEDGER#${cardId}', casing: 'none' },
        sk: {
          field: 'sk',
          composite: ['createTime', 'entryId'],
          template: '${createTime}#${entryId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['entryId'] },
);

export interface LedgerEntry {
  cardId: string;
  tenant: string;
  type: 'recharge' | 'consume';
  /** The change and the balances around it, in the card's stored units. */
  amount: number;
  beforeBalance: number;
  afterBalance: number;
  createTime: string;
  orderNo?: string;
  createBy?: string;
}

/** The put of a new entry (refused if its key exists: an entry is written once). */
export const ledgerPut = (entry: LedgerEntry, entryId = newId()): PutCommandInput =>
  putRecord(
    cardLedger.create({ cardId: entry.cardId, createTime: entry.createTime, entryId }).params(),
    entry,
  );

/** A card's entries, newest first. */
export const cardEntries = (cardId: string) =>
  queryAll(cardLedger.query.byCard({ cardId }).params({ order: 'desc' }));
