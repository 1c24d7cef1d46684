/**
 * Fleet rollups (functions/fleets/analysis.ts; docs/decisions/192-fleets-on-the-registry.md): per fleet and
 * per driver or vehicle, per day (the station's local date of the order's end), the energy (Wh), the cost
 * (ten-thousandths of the currency, as balances keep money) and the sessions of the fleet's orders, added in
 * the same transaction that writes the order (settlement), so they are exact and never counted twice. Two
 * partitions, one Query per window:
 * - the fleet's days, `FLEETROLL#{fleetId}` / `DAY#{day}` (the analysis chart, the dashboard's today and month);
 * - a member's days, `FLEETMROLL#{memberId}` / `DAY#{day}` (the analysis table, a page of members at a time).
 * Beside the fleet's days, `FLEETROLL#{fleetId}` / `ZONE#{zone}` items hold the time zones of the stations its orders
 * ended at: "today" of the fleet is the newest local date among them (docs/decisions/455).
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { defineEntity, model, PARAMS, queryAll, request } from './table.ts';

const figures = {
  energyWh: { type: 'number' },
  costUnits: { type: 'number' },
  sessions: { type: 'number' },
} as const;

const fleetDays = defineEntity(
  {
    model: model('FLEETDAY'),
    attributes: {
      fleetId: { type: 'string', required: true },
      day: { type: 'string', required: true },
      ...figures,
    },
    indexes: {
      byDay: {
        pk: { field: 'pk', composite: ['fleetId'], template: 'FLEETROLL#${fleetId}', casing: 'none' },
        sk: { field: 'sk', composite: ['day'], template: 'DAY#${day}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['fleetId'] },
);

const memberDays = defineEntity(
  {
    model: model('FLEETMEMBERDAY'),
    attributes: {
      memberId: { type: 'string', required: true },
      day: { type: 'string', required: true },
      fleetId: { type: 'string' },
      ...figures,
    },
    indexes: {
      byDay: {
        pk: { field: 'pk', composite: ['memberId'], template: 'FLEETMROLL#${memberId}', casing: 'none' },
        sk: { field: 'sk', composite: ['day'], template: 'DAY#${day}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['memberId'] },
);

const fleetZones = defineEntity(
  {
    model: model('FLEETZONE'),
    attributes: {
      fleetId: { type: 'string', required: true },
      zone: { type: 'string', required: true },
    },
    indexes: {
      byFleet: {
        pk: { field: 'pk', composite: ['fleetId'], template: 'FLEETROLL#${fleetId}', casing: 'none' },
        sk: { field: 'sk', composite: ['zone'], template: 'ZONE#${zone}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['fleetId'] },
);

export interface FleetFigures {
  energyWh: number;
  costUnits: number;
  sessions: number;
}

/** The transaction items adding one order's figures to its fleet's day and its member's day. */
export function fleetRollupUpdates(input: {
  fleetId: string;
  memberId?: string;
  day: string;
  /** The station's time zone, whose local date `day` is. */
  timeZone: string;
  figures: FleetFigures;
}): { Update: UpdateCommandInput }[] {
  const { fleetId, memberId, day, timeZone, figures: adds } = input;
  return [
    fleetDays.update({ fleetId, day }).add(adds).params(),
    fleetZones.upsert({ fleetId, zone: timeZone }).params(),
    ...(memberId ? [memberDays.update({ memberId, day }).set({ fleetId }).add(adds).params()] : []),
  ].map((params) => ({ Update: request(params) as UpdateCommandInput }));
}

const asFigures = (item: Record<string, unknown>) => ({
  day: String(item.day),
  energyWh: Number(item.energyWh ?? 0),
  costUnits: Number(item.costUnits ?? 0),
  sessions: Number(item.sessions ?? 0),
});

/** Only the figures are read (the analysis sums many members' days per call). */
const FIGURES = { ...PARAMS, attributes: ['day', 'energyWh', 'costUnits', 'sessions'] } as const;

/** The fleet's days from startDay to endDay (both included), oldest first. */
export const fleetDaysBetween = async (fleetId: string, startDay: string, endDay: string) =>
  (
    await queryAll(
      fleetDays.query.byDay({ fleetId }).between({ day: startDay }, { day: endDay }).params(FIGURES),
    )
  ).map(asFigures);

/** A member's days from startDay to endDay (both included), oldest first. */
export const memberDaysBetween = async (memberId: string, startDay: string, endDay: string) =>
  (
    await queryAll(
      memberDays.query.byDay({ memberId }).between({ day: startDay }, { day: endDay }).params(FIGURES),
    )
  ).map(asFigures);

/** The time zones of the stations the fleet's orders ended at (none before its first order). */
export async function fleetTimeZones(fleetId: string): Promise<string[]> {
  const items = await queryAll(fleetZones.query.byFleet({ fleetId }).params());
  return items.map((item) => String(item.zone));
}
