/**
 * An app user's page (/appUserDetail/{id}, 7101): the user as staff see them, their charging statistics
 * (docs/product.md section 3: count, energy, actual fee, duration), their latest ledger entries and the card
 * they charge with. The statistics sum the orders of the user's tag (one key range of the tag index, newest
 * first; a user's own orders, never a scan of the company's) that the user paid or owes (`isAppUsersOrder`):
 * orders of the same tag at another company's charger are not the viewer's to count, nor those another payer
 * of the tag paid.
 */
import { idTagOrders } from '@functions/data/orders.ts';
import type { Identity } from '@functions/identity/access.ts';
import { notFound } from '@functions/lib/errors.ts';
import { present } from '@functions/api/resources.ts';
import { appLedger } from '@functions/data/app-users.ts';
import { visible, type Stored } from '@functions/lib/records.ts';
import { uniqueOwner } from '@functions/data/repository.ts';
import { formatMinor, parseMinor } from '@shared/pricing/money.ts';
import { kwhText } from '@shared/pricing/metrics.ts';
import { cards as cardRecords } from '@functions/biz/cards.ts';
import {
  appUsers,
  isAppUsersOrder,
  shownAppUser,
  type AppUserRecord,
} from '@functions/accounts/app-users.ts';
import { isHomePileUser } from './home-piles.ts';

export interface AppUserStats {
  /** Sessions (orders) of the user. */
  count: number;
  /** Energy charged, kWh with three decimals. */
  elec: string;
  /** What the orders cost, per currency (decimal text). */
  actualFee: { currency: string; amount: string }[];
  /** Time charging, seconds. */
  duration: number;
}

/** The sums of a user's orders in the viewer's scope. */
export async function appUserStats(scope: string, user: AppUserRecord & Stored) {
  const stats: AppUserStats = { count: 0, elec: '0.000', actualFee: [], duration: 0 };
  if (!user.cardNo) return stats;
  const orders = (await idTagOrders(user.cardNo)).filter(
    (o) => visible(scope, String(o.tenant ?? '')) && isAppUsersOrder(o, user),
  );
  let wh = 0n;
  const fees = new Map<string, bigint>();
  for (const order of orders) {
    stats.count += 1;
    wh += BigInt(Math.round(Number(order.energyWh ?? 0)));
    stats.duration += Math.max(0, Math.round(Number(order.totalTime ?? 0)));
    const currency = String(order.currency ?? '');
    if (currency && order.actualFee !== undefined)
      fees.set(currency, (fees.get(currency) ?? 0n) + parseMinor(String(order.actualFee), currency));
  }
  stats.elec = kwhText(wh);
  stats.actualFee = [...fees].map(([currency, minor]) => ({
    currency,
    amount: formatMinor(minor, currency),
  }));
  return stats;
}

/** The user's card: the card whose number is the user's tag, in the user's company, when there is one. */
async function cardOf(tenant: string, tag: string | undefined) {
  if (!tag) return [];
  const id = await uniqueOwner('CARD.cardSn', `${tenant}|${tag}`);
  const card = id ? await cardRecords.repo.getAny(id) : undefined;
  return card ? [present(cardRecords, card)] : [];
}

/** How many ledger entries the user's page shows, newest first. */
export const LEDGER_SHOWN = 100;

export async function appUserDetail(identity: Identity, id: string) {
  const user = await appUsers.get(identity.scope, id);
  if (!user) throw notFound();
  const [stats, ledger, cards, isHomePile] = await Promise.all([
    appUserStats(identity.scope, user),
    appLedger.latest(user.id, LEDGER_SHOWN),
    cardOf(user.tenant, user.cardNo),
    isHomePileUser(user.id),
  ]);
  // isHomePile: at least one linked personal pile (docs/decisions/468-app-user-home-piles.md).
  return { user: { ...shownAppUser(user), isHomePile }, stats, ledger, cards };
}
