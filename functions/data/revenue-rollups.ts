/**
 * Revenue rollups (functions/orders/rollups.ts): per company, per day (the station's local date of the
 * order's end) and per station, the sums the revenue statistics show, added in the same transaction that
 * writes the order. One partition per company `REVENUE#{agentId}` with two kinds of items, each one
 * contiguous sk range so a window is one Query:
 * - the company's day `DAY#{YYYY-MM-DD}`;
 * - a station's day `STDAY#{YYYY-MM-DD}#{stationId}`.
 * Amounts are integers of the currency's minor unit.
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { REVENUE_FIELDS, type RevenueField } from '@shared/pricing/metrics.ts';
import { defineEntity, model, queryAll, request } from './table.ts';

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

export interface RollupInput {
  agentId: string;
  tenant: string;
  stationId: string;
  currency: string;
  day: string;
  figures: Partial<Record<RevenueField, bigint | number>>;
}

/** The transaction items adding one order's figures to its company's day and its station's day. */
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
