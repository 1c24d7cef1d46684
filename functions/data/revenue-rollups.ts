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
 * The whole platform has a partition of its own, `REVENUE#PLATFORM` (the platform administrator's dashboard
 * reads one partition instead of one per company; docs/decisions/195): every order is added there too, to
 * - the platform's day and UTC hour in the order's currency, `CURDAY#{day}#{currency}` and
 *   `CURHOUR#{YYYY-MM-DDTHH}#{currency}` (companies charge in different currencies);
 * - its station's and its charger's energy and sessions of the day, as two numbers of a day map
 *   (`STMAP#{shard}#{day}`, `CPMAP#{shard}#{day}`; attributes `e:{id}` and `o:{id}`): the top five of the
 *   whole platform rank every charger's 7 days, which are 7 × 8 items this way instead of one item per
 *   charger and day. Eight shards by id keep each item far below DynamoDB's 400 KB (~3,000 ids a shard).
 * Amounts are integers of the currency's minor unit.
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { REVENUE_FIELDS, type RevenueField } from '@shared/pricing/metrics.ts';
import { defineEntity, model, PARAMS, putAll, queryAll, request, send } from './table.ts';

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

/** The agent id of the whole platform's partition (no company id has this form: theirs are generated). */
export const PLATFORM_ROLLUPS = 'PLATFORM';

export const revenueCurrencyDays = defineEntity(
  {
    model: model('REVENUECURRENCYDAY'),
    attributes: {
      agentId: { type: 'string', required: true },
      day: { type: 'string', required: true },
      currency: { type: 'string', required: true },
      tenant: { type: 'string' },
      ...figures,
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: {
          field: 'sk',
          composite: ['day', 'currency'],
          template: 'CURDAY#${day}#${currency}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['agentId'] },
);

export const revenueCurrencyHours = defineEntity(
  {
    model: model('REVENUECURRENCYHOUR'),
    attributes: {
      agentId: { type: 'string', required: true },
      hour: { type: 'string', required: true },
      currency: { type: 'string', required: true },
      tenant: { type: 'string' },
      ...figures,
    },
    indexes: {
      byHour: {
        pk: partition,
        sk: {
          field: 'sk',
          composite: ['hour', 'currency'],
          template: 'CURHOUR#${hour}#${currency}',
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
 * day, its company's hour and its station's hour; and in the platform's partition to the platform's day and
 * hour in its currency, its station's day and its charger's day.
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
    ...platformUpdates(input, adds),
  ].map((params) => ({ Update: request(params) as UpdateCommandInput }));
}

/** Shards of a day map: an id's shard is a stable hash of it. */
const MAP_SHARDS = 8;
function shardOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % MAP_SHARDS;
}

type MapKind = 'STMAP' | 'CPMAP';
const mapKey = (kind: MapKind, day: string, shard: number) => ({
  pk: `REVENUE#${PLATFORM_ROLLUPS}`,
  sk: `${kind}#${shard}#${day}`,
});

/** Adds an order's energy and session to an id's figures in a day map. */
function mapAdd(kind: MapKind, day: string, id: string, energyWh: number, orders: number) {
  return {
    Key: mapKey(kind, day, shardOf(id)),
    UpdateExpression: 'ADD #e :e, #o :o',
    ExpressionAttributeNames: { '#e': `e:${id}`, '#o': `o:${id}` },
    ExpressionAttributeValues: { ':e': energyWh, ':o': orders },
  };
}

/** The platform partition's part of an order's rollups. */
function platformUpdates(input: RollupInput, adds: Record<RevenueField, number>) {
  const agentId = PLATFORM_ROLLUPS;
  const { currency, day, hour } = input;
  return [
    revenueCurrencyDays.update({ agentId, day, currency }).set({ tenant: '/' }).add(adds).params(),
    revenueCurrencyHours.update({ agentId, hour, currency }).set({ tenant: '/' }).add(adds).params(),
    mapAdd('STMAP', day, input.stationId, adds.energyWh, adds.orders),
    mapAdd('CPMAP', day, input.chargePointId, adds.energyWh, adds.orders),
  ];
}

/** One id's figures of a day, as the day maps give them. */
export interface DayFigures {
  day: string;
  id: string;
  energyWh: number;
  orders: number;
}

/**
 * The platform's stations' (STMAP) or chargers' (CPMAP) energy and sessions from startDay to endDay (both
 * included), one entry per id and day with sessions; only those of `ids` when given (read as a projection).
 */
export async function platformDayFigures(
  kind: MapKind,
  startDay: string,
  endDay: string,
  ids?: string[],
): Promise<DayFigures[]> {
  const names: Record<string, string> = { '#pk': 'pk', '#sk': 'sk' };
  ids?.forEach((id, i) => {
    names[`#e${i}`] = `e:${id}`;
    names[`#o${i}`] = `o:${id}`;
  });
  const projection = ['#sk', ...Object.keys(names).filter((n) => /^#[eo]\d/.test(n))].join(', ');
  // A shard's days are one range: the shards of the ids asked for (all without), at once.
  const shards = ids ? [...new Set(ids.map(shardOf))] : [...Array(MAP_SHARDS).keys()];
  const read = (shard: number) =>
    queryAll(
      request({
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':pk': `REVENUE#${PLATFORM_ROLLUPS}`,
          ':from': mapKey(kind, startDay, shard).sk,
          ':to': mapKey(kind, endDay, shard).sk,
        },
        ...(ids ? { ProjectionExpression: projection } : {}),
      }),
    );
  const items = (await Promise.all(shards.map(read))).flat();
  const out: DayFigures[] = [];
  for (const item of items) {
    const day = String(item.sk).split('#')[2]!;
    // A map item holds hundreds of attributes: walked once, without copying them into entries.
    for (const name in item)
      if (name.startsWith('e:')) {
        const id = name.slice(2);
        out.push({ day, id, energyWh: Number(item[name]), orders: Number(item[`o:${id}`] ?? 0) });
      }
  }
  return out;
}

/** The platform's days in each currency from startDay to endDay (both included), by day then currency. */
export const platformDays = (startDay: string, endDay: string) =>
  queryAll(
    revenueCurrencyDays.query
      .byDay({ agentId: PLATFORM_ROLLUPS })
      .between({ day: startDay }, { day: endDay, currency: '~' })
      .params(),
  );

/** The platform's UTC hours in each currency from `fromHour` to `toHour` (both included). */
export const platformHours = (fromHour: string, toHour: string) =>
  queryAll(
    revenueCurrencyHours.query
      .byHour({ agentId: PLATFORM_ROLLUPS })
      .between({ hour: fromHour }, { hour: toHour, currency: '~' })
      .params(),
  );

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

/** Adds a station's or charger's day (energy and sessions) to the day maps being rebuilt. */
function addTo(
  maps: Map<string, Record<string, number>>,
  kind: MapKind,
  item: Record<string, unknown>,
  id: string,
) {
  const { sk } = mapKey(kind, String(item.day), shardOf(id));
  const map = maps.get(sk) ?? {};
  map[`e:${id}`] = (map[`e:${id}`] ?? 0) + Number(item.energyWh ?? 0);
  map[`o:${id}`] = (map[`o:${id}`] ?? 0) + Number(item.orders ?? 0);
  maps.set(sk, map);
}

/**
 * Writes the platform's partition from the companies' partitions (their orders settled before the platform
 * partition existed; docs/decisions/195): the companies' days and hours summed per currency, their station
 * and charger days into the day maps. Puts absolute sums, so running it again (after a crash half-way) gives the same
 * items. Run before anything settles (the runtime's first seed step on a data folder; a one-off on AWS).
 */
export async function rebuildPlatformRollups(agentIds: string[]): Promise<number> {
  const agentId = PLATFORM_ROLLUPS;
  const sums = new Map<string, { item: Record<string, unknown>; figures: Record<RevenueField, number> }>();
  const add = (key: string, item: Record<string, unknown>, source: Record<string, unknown>) => {
    const entry = sums.get(key) ?? {
      item,
      figures: Object.fromEntries(REVENUE_FIELDS.map((f) => [f, 0])) as Record<RevenueField, number>,
    };
    for (const f of REVENUE_FIELDS) entry.figures[f] += Number(source[f] ?? 0);
    sums.set(key, entry);
  };
  const maps = new Map<string, Record<string, number>>();
  const all = { from: '0000', to: '9999~' };
  for (const company of agentIds) {
    const [days, stations, chargers, hours] = await Promise.all([
      companyDays(company, all.from, all.to),
      stationDays(company, all.from, all.to),
      chargerDays(company, all.from, all.to),
      companyHours(company, all.from, all.to),
    ]);
    for (const d of days) {
      const { day, currency } = d as { day: string; currency: string };
      add(`D${day}${currency}`, { kind: 'day', day, currency }, d);
    }
    for (const h of hours) {
      const { hour, currency } = h as { hour: string; currency: string };
      add(`H${hour}${currency}`, { kind: 'hour', hour, currency }, h);
    }
    for (const s of stations) addTo(maps, 'STMAP', s, String(s.stationId));
    for (const c of chargers) addTo(maps, 'CPMAP', c, String(c.chargePointId));
  }
  const items = [...sums.values()].map(
    ({ item, figures: f }) =>
      // request(): stored as the entity's own writes store it (without ElectroDB's identifiers).
      request(
        item.kind === 'day'
          ? revenueCurrencyDays
              .put({ agentId, day: String(item.day), currency: String(item.currency), tenant: '/', ...f })
              .params()
          : revenueCurrencyHours
              .put({ agentId, hour: String(item.hour), currency: String(item.currency), tenant: '/', ...f })
              .params(),
      ).Item as Record<string, unknown>,
  );
  for (const [sk, attributes] of maps) items.push({ pk: `REVENUE#${agentId}`, sk, ...attributes });
  await putAll(items);
  return items.length;
}
