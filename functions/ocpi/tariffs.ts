/**
 * The OCPI tariffs module, sender interface (docs/decisions/426): the charging fees of the stations bound to a partner
 * as OCPI 2.2.1 Tariffs, by the fee rule's id (the tariff id the locations' connectors name). Prices are the
 * fee's own decimals, excluding VAT as OCPI's `price`:
 * - per kWh: an ENERGY component (step 1 Wh); per minute: TIME, priced per hour (step 60 s); per use: FLAT;
 * - time-of-use periods: one element per period, restricted to its `start_time`/`end_time`;
 * - the occupancy fee: a PARKING_TIME element priced per hour with the fee's interval as step, after its free
 *   minutes (`min_duration`), which is how OCPI expresses billing a car that stays.
 */
import { FEE_TYPE, TIME_SHARING } from '@shared/resources/fee/charging-fee.ts';
import { boundRuleId } from '@shared/resources/site/station.ts';
import { chargingFees, occupancyFees } from '@functions/fees/resources.ts';
import { pilesOfStation } from '@functions/chargepoints/sites.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { ownParty } from './party.ts';
import type { Partner } from './partners.ts';
import { boundStations } from './locations.ts';

const hourly = (perMinute: unknown) => Math.round(Number(perMinute) * 60 * 10_000) / 10_000;

function component(fee: Record_, price: unknown) {
  switch (Number(fee.feeType)) {
    case FEE_TYPE.time:
      return { type: 'TIME', price: hourly(price), step_size: 60 };
    case FEE_TYPE.perUse:
      return { type: 'FLAT', price: Number(price), step_size: 1 };
    default:
      return { type: 'ENERGY', price: Number(price), step_size: 1 };
  }
}

const endTime = (end: string) => (end === '24:00' ? '00:00' : end);

/** A charging fee (and its occupancy fee) as an OCPI Tariff. */
export async function tariffOf(fee: Record_) {
  const own = await ownParty();
  const periods = (fee.periods as { startTime: string; endTime: string; price: string }[] | undefined) ?? [];
  const elements: Record<string, unknown>[] =
    Number(fee.timeSharing) === TIME_SHARING.on && periods.length
      ? periods.map((p) => ({
          price_components: [component(fee, p.price)],
          restrictions: { start_time: p.startTime, end_time: endTime(p.endTime) },
        }))
      : [{ price_components: [component(fee, fee.unitPrice)] }];
  let updated = String(fee.updateTime ?? fee.createTime ?? '');
  if (fee.occupancyFeeId) {
    const occupancy = await occupancyFees.repo.get(String(fee.tenant), String(fee.occupancyFeeId));
    if (occupancy) {
      elements.push({
        price_components: [
          {
            type: 'PARKING_TIME',
            price: hourly(occupancy.price),
            step_size: Number(fee.occupancyInterval ?? 1) * 60,
          },
        ],
        ...(Number(occupancy.afterTime) > 0
          ? { restrictions: { min_duration: Number(occupancy.afterTime) * 60 } }
          : {}),
      });
      const occupancyUpdated = String(occupancy.updateTime ?? '');
      if (occupancyUpdated > updated) updated = occupancyUpdated;
    }
  }
  return {
    country_code: own.countryCode,
    party_id: own.partyId,
    id: String(fee.id),
    currency: String(fee.currency ?? 'EUR'),
    ...(fee.name ? { tariff_alt_text: [{ language: 'en', text: String(fee.name) }] } : {}),
    elements,
    last_updated: updated || new Date(0).toISOString(),
  };
}

export type OcpiTariff = Awaited<ReturnType<typeof tariffOf>>;

/** The fee rules the partner's locations' connectors name (each gun's bound rule), once each, by id. */
export async function partnerTariffs(partner: Partner): Promise<OcpiTariff[]> {
  const wanted = new Map<string, string>();
  for (const station of await boundStations(partner)) {
    const tenant = String(station.tenant);
    for (const pile of await pilesOfStation(tenant, String(station.id)))
      for (const gun of (pile.connectors as Record_[] | undefined) ?? []) {
        const id = boundRuleId(station, pile, gun);
        if (id) wanted.set(id, tenant);
      }
  }
  const fees = await Promise.all([...wanted].map(([id, tenant]) => chargingFees.repo.get(tenant, id)));
  const tariffs = await Promise.all(fees.filter((f): f is NonNullable<typeof f> => !!f).map(tariffOf));
  return tariffs.sort((a, b) => a.id.localeCompare(b.id));
}
