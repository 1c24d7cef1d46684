/**
 * Card balances (functions/biz/cards.ts recharges, functions/orders/settlement.ts consumption). The card
 * records are the repository's (`CARD#{id}` / `CARD`); their entries are functions/data/card-ledger.ts.
 * Access pattern: a card's balance set to a new value, conditional on the version read (balance, version
 * and updateTime only), in the same transaction as its ledger entry.
 */
import { cardResource } from '@shared/resources/device/card.ts';
import { versionedBalance } from './balances.ts';

/** The balance set under the version read (balances.ts). */
export const cardBalanceSet = versionedBalance('CARDBALANCE', cardResource.type, 'balance');
