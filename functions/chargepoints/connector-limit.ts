/**
 * Connector limits (docs/product.md sections 3 and 6; docs/decisions/110-connector-limits.md): a company's
 * connectors may not exceed what its subscription bought, AC and DC counted apart. Sub-companies share
 * their parent's subscription, so the whole tree of the subscribing (top) company is counted together.
 *
 * The count is a counter item per subscribing company (`CONNECTORS#{agentId}`: `ac`, `dc`) written in the
 * same transaction as every charge point add, update and delete, conditional on the room the subscription
 * leaves when the write adds connectors: two concurrent adds at the limit cannot both succeed. The counter is
 * made from the company's charge points the first time it is needed (a conditional put: one maker wins, and
 * every charge point write requires it to exist, so none is counted twice or missed).
 *
 * A company that needs no subscription (subStatus 2) is not limited. A company over its limit (after a
 * downgrade) keeps its charge points and may edit them, but no write may add connectors.
 */
import { SUB_STATUS } from '@shared/schemas/admin.ts';
import { FEATURE_PACKAGE } from '@shared/schemas/subscription.ts';
import {
  connectorCountChange,
  createConnectorCount,
  getConnectorCount,
  type ConnectorCount,
} from '@functions/data/connector-limits.ts';
import { operators } from '@functions/data/operators.ts';
import { refused } from '@functions/lib/errors.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import type { GuardedWrite } from '@functions/data/repository.ts';
import { getSubscription } from '@functions/accounts/plan-subscriptions.ts';

export type { ConnectorCount };

export type Entitlement =
  { limited: false } | { limited: true; ac: number; dc: number; basic: boolean; subscribed: boolean };

export interface ConnectorUsage {
  limited: boolean;
  used: ConnectorCount;
  /** What the subscription allows (absent when not limited). */
  allowed?: ConnectorCount;
  basic?: boolean;
  /** More connectors in use than allowed (after a downgrade): nothing more may be added. */
  over: boolean;
}

/** The subscribing company of a tenant path: its top company (`/A/A1/` → A); empty for the platform. */
export const subscriberOf = (tenant: string) => tenant.split('/').filter(Boolean)[0] ?? '';

/** The connectors a charge point record counts: all of one kind, by its power type. */
export function connectorsOf(pile: Record_ | undefined): ConnectorCount {
  const n = Array.isArray(pile?.connectors) ? pile.connectors.length : 0;
  return pile?.powerType === 'DC' ? { ac: 0, dc: n } : { ac: n, dc: 0 };
}

/** What the subscribing company's current subscription allows (nothing while it has none). */
export async function entitlementOf(agentId: string): Promise<Entitlement> {
  const company = agentId ? await operators.getAny(agentId) : undefined;
  if (!company || company.subStatus === SUB_STATUS.notNeeded) return { limited: false };
  const subscribed = company.subStatus === SUB_STATUS.subscribed;
  const record = subscribed && company.subscribeId ? await getSubscription(company.subscribeId) : undefined;
  if (!record) return { limited: true, ac: 0, dc: 0, basic: false, subscribed: false };
  const basic = record.row.featurePackageType === FEATURE_PACKAGE.basic;
  return {
    limited: true,
    ac: record.row.acConnectorNumber,
    dc: basic ? 0 : record.row.dcConnectorNumber,
    basic,
    subscribed: true,
  };
}

/** The company tree's counter, made from its charge points when it does not exist yet. */
async function ensureCounter(agentId: string): Promise<ConnectorCount> {
  const stored = await getConnectorCount(agentId);
  if (stored) return stored;
  const count = { ac: 0, dc: 0 };
  for (const pile of await chargePointRecords.list(`/${agentId}/`)) {
    const c = connectorsOf(pile);
    count.ac += c.ac;
    count.dc += c.dc;
  }
  try {
    await createConnectorCount(agentId, count);
    return count;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    // Another request made it first: its count is the one.
    return ensureCounter(agentId);
  }
}

/** The refusal naming the limit a write would pass. */
function limitRefusal(kind: 'ac' | 'dc', entitlement: Extract<Entitlement, { limited: true }>) {
  if (!entitlement.subscribed) return refused('siteRes.server.connectorNoSubscription');
  if (kind === 'dc' && entitlement.basic) return refused('siteRes.server.connectorDcNotInPlan');
  return refused('siteRes.server.connectorLimit', {
    limit: entitlement[kind],
    kind: kind.toUpperCase(),
  });
}

/**
 * The counter write of a charge point change (`next` undefined: a delete; `current` undefined: an add),
 * conditional on the subscription's room when it adds connectors; refused at once when even an empty
 * company could not take them. `enforce` false (machine registration, the seed) only counts.
 */
export async function connectorWrites(
  tenant: string,
  next: Record_ | undefined,
  current: Record_ | undefined,
  enforce = true,
): Promise<GuardedWrite[]> {
  const agentId = subscriberOf(tenant);
  if (!agentId) return [];
  const after = connectorsOf(next);
  const before = connectorsOf(current);
  const delta = { ac: after.ac - before.ac, dc: after.dc - before.dc };
  if (!delta.ac && !delta.dc) return [];
  const entitlement = enforce ? await entitlementOf(agentId) : ({ limited: false } as const);
  const room: Partial<ConnectorCount> = {};
  let refusal = refused('server.staleUpdate');
  if (entitlement.limited)
    for (const kind of ['ac', 'dc'] as const) {
      if (delta[kind] <= 0) continue;
      room[kind] = entitlement[kind] - delta[kind];
      if (room[kind] < 0) throw limitRefusal(kind, entitlement);
      refusal = limitRefusal(kind, entitlement);
    }
  await ensureCounter(agentId);
  return [{ write: connectorCountChange(agentId, delta, room), refusal }];
}

/** The connectors a company tree uses and what its subscription allows (the /device and /plan warning). */
export async function connectorUsage(tenant: string): Promise<ConnectorUsage> {
  const agentId = subscriberOf(tenant);
  if (!agentId) return { limited: false, used: { ac: 0, dc: 0 }, over: false };
  const [used, entitlement] = await Promise.all([ensureCounter(agentId), entitlementOf(agentId)]);
  if (!entitlement.limited) return { limited: false, used, over: false };
  const allowed = { ac: entitlement.ac, dc: entitlement.dc };
  return {
    limited: true,
    used,
    allowed,
    basic: entitlement.basic,
    over: used.ac > allowed.ac || used.dc > allowed.dc,
  };
}
