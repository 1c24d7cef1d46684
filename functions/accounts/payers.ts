/**
 * The platform's own payers of an idTag at a charger's company: a fleet driver's or vehicle's tag, an app
 * user's card number, a card, looked up in the company and the companies above it (app users also on the
 * platform's app), case-insensitively (docs/decisions/240, 264). Authorisation (functions/ocpp/authorize.ts),
 * settlement (functions/orders/settlement.ts) and the roaming partner scope (functions/ocpi/tokens.ts,
 * docs/decisions/432-one-payer-per-idtag-and-partner-scope.md) read them here, so all three agree on what a
 * local tag is.
 */
import { cardResource } from '@shared/resources/device/card.ts';
import { PAYER_TAG_GUARD } from '@shared/resources/payer-tag.ts';
import { appUsers, findAppUser, type AppUserRecord } from '@functions/accounts/app-users.ts';
import { claimGuard } from '@functions/data/unique-guards.ts';
import {
  drivers,
  findFleetAccount,
  fleets,
  vehicles,
  type FleetAccount,
} from '@functions/accounts/fleets.ts';
import { companyAndAbove } from '@functions/identity/tenants.ts';
import { logger } from '@functions/lib/logger.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { PLATFORM_TENANT, visible, type Stored } from '@functions/lib/records.ts';
import type { PayerNames } from '@shared/schemas/order.ts';
import { cardRecords } from '@functions/data/cards.ts';
import { uniqueOwner } from '@functions/data/repository.ts';

/** The card with this number of the company or, failing that, of the nearest company above it. */
export async function findCard(tenant: string, idTag: string): Promise<(Record_ & Stored) | undefined> {
  for (const owner of companyAndAbove(tenant)) {
    const id = await uniqueOwner(`${cardResource.type}.cardSn`, `${owner}|${idTag}`);
    const card = id ? await cardRecords.getAny(id) : undefined;
    if (card) return card;
  }
  return undefined;
}

/** Every local account an idTag names at a company (the three look-ups run together). */
export interface LocalPayers {
  fleet?: FleetAccount;
  appUser?: AppUserRecord & Stored;
  card?: Record_ & Stored;
}

export async function localPayers(tenant: string, idTag: string): Promise<LocalPayers> {
  const [fleet, appUser, card] = await Promise.all([
    findFleetAccount(tenant, idTag),
    findAppUser(tenant, idTag),
    findCard(tenant, idTag),
  ]);
  return { fleet, appUser, card };
}

/**
 * The names of an order's paying app user, fleet driver or vehicle (the order keeps their ids, the names are
 * read now: a renamed driver reads by the new name), and whether that account (the app user, the fleet) is in
 * `scope`, where the console may link to its pages (docs/decisions/452-no-raw-values-in-the-console.md). A
 * payer since deleted has no name: the console shows its id.
 */
export async function payerNames(
  scope: string,
  order: { appUserId?: unknown; fleetId?: unknown; fleetDriverId?: unknown; fleetVehicleId?: unknown },
): Promise<PayerNames> {
  const id = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const [user, driver, vehicle, fleet] = await Promise.all([
    id(order.appUserId) ? appUsers.getAny(id(order.appUserId)!) : undefined,
    id(order.fleetDriverId) ? drivers.getAny(id(order.fleetDriverId)!) : undefined,
    id(order.fleetVehicleId) ? vehicles.getAny(id(order.fleetVehicleId)!) : undefined,
    id(order.fleetId) ? fleets.getAny(id(order.fleetId)!) : undefined,
  ]);
  const account = id(order.fleetId) ? fleet : user;
  return {
    ...(user?.userName ? { appUserName: user.userName } : {}),
    ...(driver?.name ? { fleetDriverName: driver.name } : {}),
    ...(vehicle?.name ? { fleetVehicleName: vehicle.name } : {}),
    ...(account ? { payerVisible: visible(scope, account.tenant) } : {}),
  };
}

/** Which kind of local payer holds an idTag at a company, in settlement's precedence; undefined: none. */
export async function localPayerKind(
  tenant: string,
  idTag: string,
): Promise<'fleet' | 'appUser' | 'card' | undefined> {
  const found = await localPayers(tenant, idTag);
  return found.fleet ? 'fleet' : found.appUser ? 'appUser' : found.card ? 'card' : undefined;
}

/** A tag two payers of a company held before one payer per tag was the rule: who keeps it, who does not. */
export interface SharedTag {
  tenant: string;
  tag: string;
  holder: string;
  other: string;
}

/**
 * Gives every payer written before the payer-tag guard existed its guard (docs/decisions/432), in settlement's
 * precedence (fleet drivers and vehicles, app users, cards), so a tag two of them held stays with the one that
 * pays for it now; the others are left as they are (authorisation and settlement still find the first) and
 * returned, and logged, for staff to give another tag. Run again, it changes nothing.
 */
export async function claimPayerTags(): Promise<{ claimed: number; shared: SharedTag[] }> {
  // Each payer's repository lists its records and names the owner its guards hold (`{TYPE}#{id}`).
  type Payers = { list(scope: string): Promise<object[]>; owner(id: string): string };
  const kinds: [Payers, string][] = [
    [drivers, 'idTag'],
    [vehicles, 'idTag'],
    [appUsers, 'cardNo'],
    [cardRecords, 'cardSn'],
  ];
  let claimed = 0;
  const shared: SharedTag[] = [];
  for (const [payers, field] of kinds)
    for (const record of (await payers.list(PLATFORM_TENANT)) as Record<string, unknown>[]) {
      const tag = record[field];
      if (typeof tag !== 'string' || tag === '') continue;
      const tenant = String(record.tenant ?? '');
      const owner = payers.owner(String(record.id));
      const holder = await claimGuard(PAYER_TAG_GUARD, `${tenant}|${tag}`, owner);
      if (holder) shared.push({ tenant, tag, holder, other: owner });
      else claimed++;
    }
  if (shared.length) logger.warn('Tags held by more than one payer of a company', { shared });
  return { claimed, shared };
}
