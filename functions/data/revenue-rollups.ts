/**
 * Revenue rollups (functions/orders/rollups.ts): per company, per day (the station's local date of the
 * order's end) and per station, the sums the revenue statistics show, added in the same transaction that
 * writes the order. One partition per company `REVENUE#{agentId}` with two kinds of items, each one
 * contiguous sk range so a window is one Query:
 * - the company's day `DAY#{YYYY-MM-DD}`;
 * - a station's day `STDAY#{YYYY-MM-DD}#{stationId}`;
 * - a charger's day `CPDAY#{YYYY-MM-DD}#{chargePointId}` (the home dashboard's top chargers);
 * - the company's UTC hour `HOUR#{YYYY-MM-DDTHH}` (the home dashboard's 24 hours; UTC, so the last 24 hours
 *   are 24 keys whatever the stations' time zones), and a station's `STHOUR#{YYYY-MM-DDTHH}#{stationId}` (users
 *   bound to stations see only theirs).
 * Amounts are integers of the currency's minor unit.
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { REVENUE_FIELDS, type RevenueField } from '@shared/pricing/metrics.ts';
import { defineEntity, model, PARAMS, queryAll, request, send } from './table.ts';

const figures = Object.fromEntries(REVENUE_FIELDS.map((f) => [f, { type: 'number' as const }])) as Record<
  RevenueField,
  { type: 'number' }
>;

const partition = {
  field: 'pk',
  composite: ['agentId'],
  template: 'REVENUE#${agentId}',
  casing: 'none',
} as const;

export const revenueDays = defineEntity(
  {
    model: model('REVENUEDAY'),
    attributes: {
      agentId: { type: 'string', required: true },
      day: { type: 'string', required: true },
      tenant: { type: 'string' },
      currency: { type: 'string' },
      ...figures,
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: { field: 'sk', composite: ['day'], template: 'DAY#${day}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

export const revenueStationDays = defineEntity(
  {
    model: model('REVENUESTATIONDAY'),
    attributes: {
      agentId: { type: 'string', required: true },
      day: { type: 'string', required: true },
      stationId: { type: 'string', required: true },
      tenant: { type: 'string' },
      currency: { type: 'string' },
      ...figures,
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: {
          field: 'sk',
          composite: ['day', 'stationId'],
          template: 'STDAY#${day}#${stationId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

export const revenueChargerDays = defineEntity(
  {
    model: model('REVENUECHARGERDAY'),
    attributes: {
      agentId: { type: 'string', required: true },
      day: { type: 'string', required: true },
      chargePointId: { type: 'string', required: true },
      stationId: { type: 'string' },
      tenant: { type: 'string' },
      currency: { type: 'string' },
      ...figures,
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: {
          field: 'sk',
          composite: ['day', 'chargePointId'],
          template: 'CPDAY#${day}#${chargePointId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

export const revenueHours = defineEntity(
  {
    model: model('REVENUEHOUR'),
    attributes: {
      agentId: { type: 'string', required: true },
      hour: { type: 'string', required: true },
      tenant: { type: 'string' },
      currency: { type: 'string' },
      ...figures,
    },
    indexes: {
      byHour: {
        pk: partition,
        sk: { field: 'sk', composite: ['hour'], template: 'HOUR#${hour}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

export const revenueStationHours = defineEntity(
  {
    model: model('REVENUESTATIONHOUR'),
    attributes: {
      agentId: { type: 'string', required: true },
      hour: { type: 'string', required: true },
      stationId: { type: 'string', required: true },
      tenant: { type: 'string' },
      currency: { type: 'string' },
      ...figures,
    },
    indexes: {
      byHour: {
        pk: partition,
        sk: {
          field: 'sk',
          composite: ['hour', 'stationId'],
          template: 'STHOUR#${hour}#${stationId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

export interface RollupInput {
  agentId: string;
  tenant: string;
  stationId: string;
  chargePointId: string;
  currency: string;
  day: string;
  /** The UTC hour of the order's end, `YYYY-MM-DDTHH`. */
  hour: string;
  figures: Partial<Record<RevenueField, bigint | number>>;
}

/**
 * The transaction items adding one order's figures to its company's day, its station's day, its charger's
 * day, its company's hour and its station's hour.
 */
export function rollupUpdates(input: RollupInput): { Update: UpdateCommandInput }[] {
  const adds = Object.fromEntries(REVENUE_FIELDS.map((f) => [f, Number(input.figures[f] ?? 0)])) as Record<
    RevenueField,
    number
  >;
  const labels = { tenant: input.tenant, currency: input.currency };
  return [
    revenueDays.update({ agentId: input.agentId, day: input.day }).set(labels).add(adds).params(),
    revenueStationDays
      .update({ agentId: input.agentId, day: input.day, stationId: input.stationId })
      .set(labels)
      .add(adds)
      .params(),
    revenueChargerDays
      .update({ agentId: input.agentId, day: input.day, chargePointId: input.chargePointId })
      .set({ ...labels, stationId: input.stationId })
      .add(adds)
      .params(),
    revenueHours.update({ agentId: input.agentId, hour: input.hour }).set(labels).add(adds).params(),
    revenueStationHours
      .update({ agentId: input.agentId, hour: input.hour, stationId: input.stationId })
      .set(labels)
      .add(adds)
      .params(),
  ].map((params) => ({ Update: request(params) as UpdateCommandInput }));
}

/** The company's days from startDay to endDay (both included), oldest first. */
export const companyDays = (agentId: string, startDay: string, endDay: string) =>
  queryAll(revenueDays.query.byDay({ agentId }).between({ day: startDay }, { day: endDay }).params());

/** Its stations' days from startDay to endDay (both included), by day then station. */
export const stationDays = (agentId: string, startDay: string, endDay: string) =>
  queryAll(
    revenueStationDays.query
      .byDay({ agentId })
      // `~` sorts after every station id: the last day's stations are all inside.
      .between({ day: startDay }, { day: endDay, stationId: '~' })
      .params(),
  );

/** Only what the top chargers rank and show (a company has many charger days). */
const CHARGER_FIGURES = {
  ...PARAMS,
  attributes: ['day', 'chargePointId', 'stationId', 'tenant', 'currency', 'energyWh', 'orders'],
} as const;

/** Its chargers' days from startDay to endDay (both included), by day then charger: energy and sessions. */
export const chargerDays = (agentId: string, startDay: string, endDay: string) =>
  queryAll(
    revenueChargerDays.query
      .byDay({ agentId })
      .between({ day: startDay }, { day: endDay, chargePointId: '~' })
      .params(CHARGER_FIGURES),
  );

/** The company's UTC hours from `fromHour` to `toHour` (`YYYY-MM-DDTHH`, both included), oldest first. */
export const companyHours = (agentId: string, fromHour: string, toHour: string) =>
  queryAll(revenueHours.query.byHour({ agentId }).between({ hour: fromHour }, { hour: toHour }).params());

/** Its stations' UTC hours from `fromHour` to `toHour` (both included), by hour then station. */
export const stationHours = (agentId: string, fromHour: string, toHour: string) =>
  queryAll(
    revenueStationHours.query
      .byHour({ agentId })
      .between({ hour: fromHour }, { hour: toHour, stationId: '~' })
      .params(),
  );

/** One charger's days from startDay to endDay (both included; days without orders have no item): energy and sessions. */
export async function chargerDaysOf(
  agentId: string,
  chargePointId: string,
  startDay: string,
  endDay: string,
): Promise<Record<string, unknown>[]> {
  const keys: Record<string, unknown>[] = [];
  for (let t = Date.parse(startDay); t <= Date.parse(endDay); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    keys.push(
      revenueChargerDays.get({ agentId, day, chargePointId }).params().Key as Record<string, unknown>,
    );
  }
  return batchRead(keys, 'energyWh, orders');
}

/** Stations' days of a company from startDay to endDay (both included; none for a day without orders). */
export async function stationDaysOf(
  agentId: string,
  stationIds: string[],
  startDay: string,
  endDay: string,
): Promise<Record<string, unknown>[]> {
  const keys: Record<string, unknown>[] = [];
  for (let t = Date.parse(startDay); t <= Date.parse(endDay); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    for (const stationId of stationIds)
      keys.push(revenueStationDays.get({ agentId, day, stationId }).params().Key as Record<string, unknown>);
  }
  return batchRead(keys, 'energyWh, orders, stationId');
}

/** Items by key, 100 to a request, what is left unprocessed asked again; only the attributes named. */
async function batchRead(keys: Record<string, unknown>[], projection: string) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    while (batch?.length) {
      const res = await send.batchGet({
        RequestItems: { main: { Keys: batch, ProjectionExpression: projection } },
      });
      for (const items of Object.values(res.Responses ?? {}))
        out.push(...(items as Record<string, unknown>[]));
      batch = Object.values(res.UnprocessedKeys ?? {})[0]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}
