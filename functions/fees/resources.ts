/**
 * The fee group's declared resources with their server-side rules (hooks), served by the fees domain:
 * charging fees, occupancy fees, reservation fees and discounts, and the discount actions.
 *
 * - The currency of a fee is never taken from the request: a new fee gets its company's (the operator
 *   record's `currency`, read fresh), and a fee that has none to get (the company's currency is not one the
 *   platform supports, or the caller is the platform without a company) is refused. An edit keeps it.
 * - Per-minute and per-use charging fees need the Pro code 3104 (403 without it), whatever the form offers.
 * - References are checked in the owner's scope: a charging fee's occupancy fee must be the same company's,
 *   a discount's stations the company's; anything else is a 400 on that field.
 * - A charging fee bound to a station, charge point or connector (their `feeRuleId`) and an occupancy fee a
 *   charging fee names cannot be deleted.
 * - Discount status and abandoned flag change only by the actions; each is a conditional write on the
 *   version read (the repository's), so concurrent toggles cannot both apply: the loser is told to reload.
 */
import { CURRENCIES } from '@shared/schemas/admin.ts';
import { CHARGING_FEE_CODE, chargingFeeResource, PRO_FEE_TYPES } from '@shared/resources/fee/charging-fee.ts';
import type { z } from 'zod';
import {
  ABANDONED_FLAG,
  DISCOUNT_STATUS,
  discountResource,
  type discountActionSchema,
} from '@shared/resources/fee/discount.ts';
import { occupancyFeeResource } from '@shared/resources/fee/occupancy-fee.ts';
import { reserveFeeResource } from '@shared/resources/fee/reserve-fee.ts';
import type { Identity } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { badRequest, forbidden, notFound, refused } from '@functions/lib/errors.ts';
import { present, resource, type Record_, type Resource } from '@functions/api/resources.ts';
import { type Stored } from '@functions/lib/records.ts';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import { stationRecords } from '@functions/data/stations.ts';

const SUPPORTED: readonly string[] = CURRENCIES;

/** The currency a new fee of the caller's company is in; refused when there is none the platform supports. */
export async function companyCurrency(identity: Identity): Promise<string> {
  const company = identity.operator ? await operators.getAny(identity.operator.id) : undefined;
  const currency = typeof company?.currency === 'string' ? company.currency : '';
  if (!SUPPORTED.includes(currency)) throw refused('feeRes.server.currencyUnsupported');
  return currency;
}

/** The currency rule every fee shares: set from the company on add, kept on edit. */
async function settleCurrency(record: Record_, identity: Identity, current?: Record_ & Stored) {
  if (current && typeof current.currency === 'string' && current.currency) record.currency = current.currency;
  else record.currency = await companyCurrency(identity);
}

const fieldError = (field: string, message: string) => badRequest('server.validation', { [field]: message });

// ---- Occupancy fees ---------------------------------------------------------------------------------------

export const occupancyFees: Resource = resource(occupancyFeeResource, {
  check: settleCurrency,
  deleteGuard: async (record) =>
    (await chargingFees.repo.list(record.tenant)).some((fee) => fee.occupancyFeeId === record.id)
      ? 'feeRes.server.occupancyFeeInUse'
      : undefined,
});

// ---- Charging fees ----------------------------------------------------------------------------------------

/** Whether a station, charge point or connector names the fee as its fee rule. */
async function isBound(feeId: string, tenant: string): Promise<boolean> {
  const [stations, piles] = await Promise.all([stationRecords.list(tenant), chargePointRecords.list(tenant)]);
  if (stations.some((s) => s.feeRuleId === feeId)) return true;
  return piles.some(
    (pile) =>
      pile.feeRuleId === feeId ||
      (Array.isArray(pile.connectors) &&
        (pile.connectors as Record<string, unknown>[]).some((c) => c?.feeRuleId === feeId)),
  );
}

export const chargingFees: Resource = resource(chargingFeeResource, {
  check: async (record, identity, current) => {
    if (PRO_FEE_TYPES.includes(Number(record.feeType)) && !identity.permissions.has(CHARGING_FEE_CODE.pro))
      throw forbidden('feeRes.server.proRequired');
    await settleCurrency(record, identity, current);
    if (record.occupancyFeeId) {
      const occupancy = await occupancyFees.repo.get(String(record.tenant), String(record.occupancyFeeId));
      // The same company's only (a sub-company's fee is in scope but not the owner's).
      if (!occupancy || occupancy.tenant !== record.tenant)
        throw fieldError('occupancyFeeId', 'feeRes.server.occupancyFeeNotFound');
      // Its name is kept for lists (set here, never taken from the request).
      record.occupancyFeeName = occupancy.name;
    } else {
      delete record.occupancyInterval;
      delete record.occupancyFeeName;
    }
  },
  deleteGuard: async (record) =>
    (await isBound(record.id, record.tenant)) ? 'feeRes.server.chargingFeeBound' : undefined,
});

// ---- Reservation fees -------------------------------------------------------------------------------------

export const reserveFees: Resource = resource(reserveFeeResource, { check: settleCurrency });

// ---- Discounts --------------------------------------------------------------------------------------------

export const discounts: Resource = resource(discountResource, {
  check: async (record, _identity, current) => {
    const tenant = String(record.tenant);
    const stationIds = [...new Set((record.stationIds as string[]) ?? [])];
    for (const id of stationIds)
      if (!(await stationRecords.get(tenant, id)))
        throw badRequest('server.validation', { stationIds: 'feeRes.server.stationNotFound' }, { id });
    record.stationIds = stationIds;
    record.userIds = [...new Set((record.userIds as string[]) ?? [])];
    // The state changes by the actions only.
    record.status = current ? current.status : (record.status ?? DISCOUNT_STATUS.enabled);
    record.abandonedFlag = current ? (current.abandonedFlag ?? ABANDONED_FLAG.normal) : ABANDONED_FLAG.normal;
  },
});

export type DiscountAction = 'enable' | 'disable' | 'abandon';

const NEXT_STATE: Record<DiscountAction, { status: number; abandonedFlag?: number }> = {
  // Enabling an abandoned discount restores it.
  enable: { status: DISCOUNT_STATUS.enabled, abandonedFlag: ABANDONED_FLAG.normal },
  disable: { status: DISCOUNT_STATUS.disabled },
  abandon: { status: DISCOUNT_STATUS.disabled, abandonedFlag: ABANDONED_FLAG.abandoned },
};

/**
 * POST /biz/discount/{enable|disable|abandon}: `id` (query or body) and optionally the `version` the caller
 * saw. The write is conditional on the version read, so of two concurrent toggles one is refused.
 */
export async function discountAction(
  identity: Identity,
  action: DiscountAction,
  { id, version }: z.infer<typeof discountActionSchema>,
) {
  const current = await discounts.repo.get(identity.scope, id);
  if (!current) throw notFound();
  if (version !== undefined && version !== current.version) throw refused('server.staleUpdate');
  if (action === 'disable' && current.abandonedFlag === ABANDONED_FLAG.abandoned)
    throw refused('feeRes.server.discountAbandoned');
  const next = { ...current, ...NEXT_STATE[action] };
  next.abandonedFlag ??= ABANDONED_FLAG.normal;
  return present(discounts, await discounts.repo.update(current, next));
}

export const feeResources: Resource[] = [chargingFees, occupancyFees, reserveFees, discounts];
