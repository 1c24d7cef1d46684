/**
 * Personal (home) piles and their app users (docs/decisions/468-app-user-home-piles.md): what settlement and
 * the console share. A session at a personal pile whose tag is one of the pile's linked app users' is a
 * home-pile order (docs/product.md section 3, order type 3).
 */
import { homePileLink } from '@functions/data/home-piles.ts';
import { findAppUser } from './app-users.ts';

/** The personal flag of a charge point (shared/resources/site/charge-point.ts `personalFlag`). */
export const isPersonalPile = (pile: Record<string, unknown> | undefined) =>
  pile !== undefined && (pile.personalFlag === true || Number(pile.personalFlag) === 1);

/**
 * Whether a session is a home-pile one: its pile is personal and its tag is an app user's linked to that pile
 * (owner or shared). A roaming partner's session never is.
 */
export async function isHomePileSession(
  session: { tenant: string; chargePointId: string; idTag?: string; roaming?: unknown },
  pile: Record<string, unknown> | undefined,
): Promise<boolean> {
  if (session.roaming || !session.idTag || !isPersonalPile(pile)) return false;
  const user = await findAppUser(session.tenant, session.idTag);
  return user ? (await homePileLink(user.id, session.chargePointId)) !== undefined : false;
}
