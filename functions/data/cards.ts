/**
 * Card balances (functions/biz/cards.ts recharges, functions/orders/settlement.ts consumption). The card
 * records are the repository's (`CARD#{id}` / `CARD`); their entries are functions/data/card-ledger.ts.
 * Access pattern: a card's balance set to a new value, conditional on the version read (balance, version
 * and updateTime only), in the same transaction as its ledger entry.
 */
import { cardResource } from '@shared/resources/device/card.ts';
import { balanceSet, type Versioned } from './balances.ts';
import { defineEntity, model } from './table.ts';

export const cardBalances = defineEntity(
  {
    model: model('CARDBALANCE'),
    attributes: {
      id: { type: 'string', required: true },
      balance: { type: 'number' },
      version: { type: 'number' },
      updateTime: { type: 'string' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: `${cardResource.type}#\${id}`, casing: 'none' },
        sk: { field: 'sk', composite: [], template: cardResource.type, casing: 'none' },
      },
    },
  },
  // Key-only here: the repository's item holds its id; this write sets the balance fields only.
  { keyOnly: ['id'] },
);

/** The card's balance set under the version read (balances.ts). */
export const cardBalanceSet = (card: Versioned, after: number, at: string) =>
  balanceSet(cardBalances, 'balance', card, after, at);
