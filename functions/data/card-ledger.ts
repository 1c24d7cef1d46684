/**
 * The ledger of an offline card's balance (functions/biz/cards.ts recharges, functions/orders/settlement.ts
 * consumption), one kind of ledger.ts: the card record's `balance` (`CARD#{id}` / `CARD`, cards.ts) set under
 * the version read, and one entry per change `CARDLEDGER#{cardId}` / `{createTime}#{entryId}` (its change as
 * `amount`, with the type, `recharge` or `consume`, the order number or who recharged), in one transaction.
 * Access pattern: a card's entries by time.
 */
import { cardResource } from '@shared/resources/device/card.ts';
import { ledger } from './ledger.ts';

export const cardLedger = ledger({
  type: cardResource.type,
  balanceField: 'balance',
  balanceName: 'CARDBALANCE',
  entryName: 'CARDLEDGER',
  accountField: 'cardId',
  changeField: 'amount',
});
