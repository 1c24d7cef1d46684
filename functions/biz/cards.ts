/**
 * Charging cards: the declared resource's rules and the card actions (activate, disable, recharge, bind to
 * piles). The station scope is a Pro feature (code 2805): without it the stored scope is kept. Stations and
 * piles named by a card must be the caller's. A recharge changes the balance and writes its ledger entry in
 * one transaction, conditional on the balance read, in exact decimal steps (amounts have four decimals at
 * most, so they are added as whole ten-thousandths).
 */
import type { z } from 'zod';
import {
  CARD_CODE,
  CARD_STATUS,
  cardResource,
  type cardBindSchema,
  type rechargeSchema,
} from '@shared/resources/device/card.ts';
import type { Identity } from '@functions/identity/access.ts';
import { cardLedger } from '@functions/data/card-ledger.ts';
import { send } from '@functions/data/table.ts';
import { balanceChange, fromUnits, toUnits } from '@functions/accounts/fleet-balance.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { present, resource, type Record_, type Resource } from '@functions/api/resources.ts';
import { keepProFields } from '@functions/api/pro-fields.ts';
import type { Stored } from '@functions/lib/records.ts';
import { chargePoints, stations } from '@functions/chargepoints/sites.ts';

async function mustBeMine(identity: Identity, ids: string[], repo: Resource, message: string) {
  for (const id of ids) if (!(await repo.repo.get(identity.scope, id))) throw refused(message, { id });
}

export const cards: Resource = resource(cardResource, {
  check: async (record, identity, current) => {
    // The station scope is a Pro feature (code cardScope): a change without it is refused (decision 465).
    if (!identity.permissions.has(CARD_CODE.scope)) keepProFields(record, current, { useScopeList: [] });
    await mustBeMine(
      identity,
      (record.useScopeList as string[]) ?? [],
      stations,
      'deviceRes.server.stationNotFound',
    );
    await mustBeMine(
      identity,
      (record.pileIds as string[]) ?? [],
      chargePoints,
      'deviceRes.server.pileNotFound',
    );
    // The balance changes by recharges (and by settled sessions,
    // docs/decisions/264-settlement-payer-precedence.md), never by an edit.
    if (current) record.balance = current.balance;
  },
});

async function card(identity: Identity, id: unknown) {
  const found = await cards.repo.get(identity.scope, String(id ?? ''));
  if (!found) throw notFound();
  return found;
}

/** POST /biz/card/activate and /disable: the card's new status. */
export async function setStatus(identity: Identity, id: unknown, status: number) {
  const current = await card(identity, id);
  return present(cards, await cards.repo.update(current, { ...current, status }));
}

/** POST /biz/card/recharge: `id`, `amount`; answers the card with its new balance. */
export async function recharge(identity: Identity, { id, amount }: z.infer<typeof rechargeSchema>) {
  const current: Record_ & Stored = await card(identity, id);
  if (current.status !== CARD_STATUS.normal) throw refused('deviceRes.server.cardNotNormal');
  const at = new Date().toISOString();
  const change = balanceChange(toUnits(current.balance), toUnits(amount), (amounts) =>
    cardLedger.change(current, amounts, at, { type: 'recharge', createBy: identity.user.username }),
  );
  try {
    await send.transact(change.writes);
  } catch (error) {
    // Someone changed the card meanwhile: nothing was written; the caller may try again.
    if ((error as Error).name === 'TransactionCanceledException') throw refused('server.staleUpdate');
    throw error;
  }
  return present(cards, { ...current, balance: fromUnits(change.after), version: current.version + 1 });
}

/** POST /biz/card/bind: the piles a card may charge at (at least one, the caller's). */
export async function bind(identity: Identity, { id, version, pileIds }: z.infer<typeof cardBindSchema>) {
  const current = await card(identity, id);
  if (current.version !== version) throw refused('server.staleUpdate');
  await mustBeMine(identity, pileIds, chargePoints, 'deviceRes.server.pileNotFound');
  return present(cards, await cards.repo.update(current, { ...current, pileIds: [...new Set(pileIds)] }));
}
