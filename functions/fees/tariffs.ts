/**
 * The rules a session is priced by, read from the fee records
 * (docs/decisions/262-which-rule-prices-a-session.md):
 * - the charging fee bound to the connector, else to its charge point, else to its station (the most
 *   specific binding wins: shared/resources/site/station.ts `boundRuleId`), with its occupancy fee. It is taken when the session STARTS and kept on the session, so the price a driver started under is
 *   the price they pay, whatever the operator edits meanwhile;
 * - the company's discounts and the platform's revenue tariff, read when the order is priced.
 * A rule must belong to the charger's company or a company above it; anything else is ignored.
 */
import type { Discount, ProfitShare, Tariff } from '@shared/pricing/engine.ts';
import { boundRuleId } from '@shared/resources/site/station.ts';
import type { Connector } from '@shared/resources/site/charge-point.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { operatorLimits } from '@functions/data/operator-limits.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { chargingFeeRecords } from '@functions/data/charging-fees.ts';
import { discountRecords } from '@functions/data/discounts.ts';
import { occupancyFeeRecords } from '@functions/data/occupancy-fees.ts';
import { stationRecords } from '@functions/data/stations.ts';
import { companyAndAbove } from '@functions/identity/tenants.ts';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** What a session keeps from its start: the tariff (none: free) and the station's clock. */
export interface SessionPricing {
  tariff?: Tariff;
  timeZone: string;
  /** The station's profit shares (percent of the operator's revenue after the platform tariff). */
  profitShares?: ProfitShare[];
}

export function tariffOf(fee: Record_, occupancy: Record_ | undefined): Tariff {
  const periods = Number(fee.timeSharing) === 1 && Array.isArray(fee.periods) ? fee.periods : [];
  const interval = Number(fee.occupancyInterval ?? 0);
  return {
    id: String(fee.id),
    name: String(fee.name ?? ''),
    currency: String(fee.currency ?? ''),
    feeType: Number(fee.feeType) as Tariff['feeType'],
    unitPrice: String(fee.unitPrice ?? '0'),
    periods: periods.map((p: Record_) => ({
      startTime: String(p.startTime),
      endTime: String(p.endTime),
      price: String(p.price),
    })),
    ...(occupancy && interval > 0
      ? {
          occupancy: {
            price: String(occupancy.price ?? '0'),
            afterMinutes: Number(occupancy.afterTime ?? 0),
            intervalMinutes: interval,
          },
        }
      : {}),
  };
}

/** The tariff and clock of a connector now (taken at session start). */
export async function pricingFor(chargePointId: string, connectorNo: number): Promise<SessionPricing> {
  const pile = await chargePointById(chargePointId);
  const station = pile?.stationId ? await stationRecords.getAny(String(pile.stationId)) : undefined;
  const timeZone = text(station?.timeZone) ?? 'UTC';
  if (!pile || !station) return { timeZone };
  const shares = ((station.profitShares as ProfitShare[] | undefined) ?? []).map((s) => ({
    party: String(s.party),
    percent: String(s.percent),
  }));
  const profitShares = shares.length ? shares : undefined;
  const connector = ((pile.connectors as Connector[] | undefined) ?? []).find(
    (c) => Number(c.connectorNo) === connectorNo,
  );
  const ruleId = boundRuleId(station, pile, { ...connector });
  const owners = companyAndAbove(pile.tenant);
  const fee = ruleId ? await chargingFeeRecords.getAny(ruleId) : undefined;
  if (!fee || !owners.includes(fee.tenant)) return { timeZone, profitShares };
  const occupancyId = text(fee.occupancyFeeId);
  const occupancy = occupancyId ? await occupancyFeeRecords.getAny(occupancyId) : undefined;
  return {
    timeZone,
    profitShares,
    tariff: tariffOf(fee, occupancy && owners.includes(occupancy.tenant) ? occupancy : undefined),
  };
}

/** The discounts of the company and the companies above it, as the engine reads them. */
export async function discountsFor(tenant: string): Promise<Discount[]> {
  const owners = companyAndAbove(tenant);
  const lists = await Promise.all(
    owners.map(async (owner) => (await discountRecords.list(owner)).filter((d) => d.tenant === owner)),
  );
  return lists.flat().map((d) => ({
    id: String(d.id),
    name: String(d.name ?? ''),
    discountElec: String(d.discountElec ?? '0'),
    type: Number(d.type),
    stationIds: (d.stationIds as string[] | undefined) ?? [],
    userIds: (d.userIds as string[] | undefined) ?? [],
    status: Number(d.status ?? 0),
    abandonedFlag: Number(d.abandonedFlag ?? 0),
    validFrom: text(d.validFrom),
    validTo: text(d.validTo),
    dailyStart: text(d.dailyStart),
    dailyEnd: text(d.dailyEnd),
  }));
}

/** The platform's percentage of the company's orders (its operator limit), if one is set. */
export async function revenueTariffFor(agentId: string): Promise<string | undefined> {
  if (!agentId) return undefined;
  const limit = (await operatorLimits.list(PLATFORM_TENANT)).find((l) => String(l.agentId ?? '') === agentId);
  return text(limit?.revenueTariff);
}
