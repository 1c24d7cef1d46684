/**
 * Charging cards (functions/biz/cards.ts; recharges there, consumption in functions/orders/settlement.ts).
 * Access patterns:
 * - the card record, keys `CARD#{id}` / `CARD`: the repository of the resource (shared/resources/device/card.ts,
 *   resources.ts), read here by id and listed by the payers' index (functions/accounts/payers.ts);
 * - a card's balance set to a new value, conditional on the version read (balance, version and updateTime
 *   only), in the same transaction as its ledger entry (functions/data/card-ledger.ts).
 */
import { cardResource } from '@shared/resources/device/card.ts';
import { versionedBalance } from './balances.ts';
import { resourceRepository } from './resources.ts';

export const cardRecords = resourceRepository(cardResource);

/** The balance set under the version read (balances.ts). */
export const cardBalanceSet = versionedBalance('CARDBALANCE', cardResource.type, 'balance');
