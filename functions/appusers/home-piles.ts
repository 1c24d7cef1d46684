/**
 * App users' personal (home) piles (docs/product.md section 3, App user: isHomePile, personal piles with userNum
 * and ownerFlag; docs/decisions/468-app-user-home-piles.md): staff of the user's company link a user to a
 * charge point of that company whose personal flag is set, as its owner (at most one per pile) or as a user it
 * is shared with, and unlink them. A session at such a pile started by one of its linked users is a home-pile
 * order (functions/orders/settlement.ts).
 */
import { cancellationCodes, retryPause } from '@functions/lib/conditional.ts';
import { badRequest, notFound } from '@functions/lib/errors.ts';
import type { Identity } from '@functions/identity/access.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import {
  homePileLink,
  homePilesOfUser,
  linkHomePile,
  OWNER_FLAG,
  unlinkHomePile,
  usersOfHomePile,
} from '@functions/data/home-piles.ts';
import { appUsers } from '@functions/accounts/app-users.ts';
import { isPersonalPile } from '@functions/accounts/home-piles.ts';

async function userInScope(identity: Identity, id: string) {
  const user = await appUsers.get(identity.scope, id);
  if (!user) throw notFound();
  return user;
}

/** A user's piles: each with its name, ownerFlag and userNum (how many app users the pile has). */
export async function appUserPiles(identity: Identity, id: string) {
  const user = await userInScope(identity, id);
  const links = await homePilesOfUser(user.id);
  return Promise.all(
    links.map(async (link) => {
      const [pile, users] = await Promise.all([
        chargePointById(link.chargePointId),
        usersOfHomePile(link.chargePointId),
      ]);
      return {
        chargePointId: link.chargePointId,
        name: pile?.name === undefined ? undefined : String(pile.name),
        ownerFlag: link.ownerFlag,
        userNum: users.length,
        createTime: link.createTime,
      };
    }),
  );
}

/** isHomePile (docs/product.md section 3): the user has at least one linked pile. */
export const isHomePileUser = async (appUserId: string) => (await homePilesOfUser(appUserId)).length > 0;

const fieldError = (field: string, message: string) => badRequest('server.validation', { [field]: message });

/**
 * Links a user to a personal pile of the user's company. Refused, with the field that is wrong and nothing
 * written: a pile that does not exist, is another company's or is not personal; a link that exists; an owner
 * asked of a pile that has one (also when two owners are linked at once: the owner guard is written once).
 */
export async function linkAppUserPile(
  identity: Identity,
  input: { id: string; chargePointId: string; ownerFlag: number },
) {
  const user = await userInScope(identity, input.id);
  const pile = await chargePointById(input.chargePointId);
  if (!pile) throw fieldError('chargePointId', 'crm.server.noPile');
  if (String(pile.tenant) !== user.tenant) throw fieldError('chargePointId', 'crm.server.otherCompany');
  if (!isPersonalPile(pile)) throw fieldError('chargePointId', 'crm.server.notPersonal');
  const link = {
    appUserId: user.id,
    chargePointId: input.chargePointId,
    ownerFlag: input.ownerFlag,
    tenant: user.tenant,
    createTime: new Date().toISOString(),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await linkHomePile(link);
      break;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      // The writes' order: the pile's item, the user's item, the owner guard (functions/data/home-piles.ts).
      if (codes[0] === 'ConditionalCheckFailed' || codes[1] === 'ConditionalCheckFailed')
        throw fieldError('chargePointId', 'crm.server.alreadyLinked');
      if (codes[2] === 'ConditionalCheckFailed') throw fieldError('ownerFlag', 'crm.server.pileHasOwner');
      // Another write of the same items at the same moment: tried again, when its outcome decides.
      if (attempt >= 8) throw error;
      await retryPause(attempt);
    }
  }
  return appUserPiles(identity, user.id);
}

/** Unlinks a user from a pile (its owner guard too when the user owned it). */
export async function unlinkAppUserPile(identity: Identity, input: { id: string; chargePointId: string }) {
  const user = await userInScope(identity, input.id);
  const link = await homePileLink(user.id, input.chargePointId);
  if (!link) throw fieldError('chargePointId', 'crm.server.notLinked');
  try {
    await unlinkHomePile(link);
  } catch (error) {
    // Unlinked at the same moment by another call.
    if (cancellationCodes(error)) throw fieldError('chargePointId', 'crm.server.notLinked');
    throw error;
  }
  return appUserPiles(identity, user.id);
}

export { OWNER_FLAG };
