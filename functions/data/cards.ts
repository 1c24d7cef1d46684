/**
 * Charging cards (functions/biz/cards.ts; recharges there, consumption in functions/orders/settlement.ts),
 * keys `CARD#{id}` / `CARD`: the repository of the resource (shared/resources/device/card.ts, resources.ts),
 * read by id and listed by the payers' index (functions/accounts/payers.ts). A card's balance changes through
 * its ledger (card-ledger.ts).
 */
import { cardResource } from '@shared/resources/device/card.ts';
import { resourceRepository } from './resources.ts';

export const cardRecords = resourceRepository(cardResource);
