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
 *   bound to stations see only theirs);
 * - a station's and a charger's month, `STMONTH#{stationId}#{YYYY-MM}` and `CPMONTH#{chargePointId}#{YYYY-MM}`,
 *   with each day's energy and sessions as attributes `e{DD}` and `o{DD}`: the home dashboard's top five show
 *   their 30 days, which are two items of each this way (one read of up to 20 keys for all ten) instead of 30
 *   day items each.
 * The whole platform has a partition of its own, `REVENUE#PLATFORM` (the platform administrator's dashboard
 * reads one partition instead of one per company; docs/decisions/195): every order is added there too, to
 * - the platform's day and UTC hour in the order's currency, `CURDAY#{day}#{currency}` and
 *   `CURHOUR#{YYYY-MM-DDTHH}#{currency}` (companies charge in different currencies);
 * - its station's and its charger's energy and sessions of the day, as two numbers of a day map
 *   (`STMAP#{day}#{shard}`, `CPMAP#{day}#{shard}`; attribute `f:{id}`, energy and sessions in one number): the top five of the
 *   whole platform rank every charger's 7 days, which are 7 × 8 items this way instead of one item per
 *   charger and day, and, keyed day first, one range read. Eight shards by id keep each item far below
 *   DynamoDB's 400 KB (~3,000 ids a shard).
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

/** The keys of a company's day and of one station's day (benchmarks that write rollups by hand). */
export const revenueDayKey = (agentId: string, day: string) =>
  revenueDays.get({ agentId, day }).params().Key as { pk: string; sk: string };
export const revenueStationDayKey = (agentId: string, day: string, stationId: string) =>
  revenueStationDays.get({ agentId, day, stationId }).params().Key as { pk: string; sk: string };

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
    monthAdd(input.agentId, 'STMONTH', input.stationId, input.day, adds.energyWh, adds.orders),
    monthAdd(input.agentId, 'CPMONTH', input.chargePointId, input.day, adds.energyWh, adds.orders),
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
  sk: `${kind}#${day}#${shard}`,
});

/** A day map's key before it was keyed day first (`{kind}#{shard}#{day}`): the upgrade step removes them. */
const OLD_MAP_KEY = /^(ST|CP)MAP#\d#/;

/**
 * An id's figures of a day in a day map are one number, energy in Wh × 10^6 + sessions: sums add up alike, and
 * one attribute per id instead of two halves what the platform's ranking reads. Exact below 2^53, so for up to
 * 999,999 sessions and 9 GWh a day at one station.
 */
const PACK = 1_000_000;

/** Adds an order's energy and session to an id's figures in a day map. */
function mapAdd(kind: MapKind, day: string, id: string, energyWh: number, orders: number) {
  return {
    Key: mapKey(kind, day, shardOf(id)),
    UpdateExpression: 'ADD #f :f',
    ExpressionAttributeNames: { '#f': `f:${id}` },
    ExpressionAttributeValues: { ':f': energyWh * PACK + orders },
  };
}

type MonthKind = 'STMONTH' | 'CPMONTH';
const monthKey = (agentId: string, kind: MonthKind, id: string, month: string) => ({
  pk: `REVENUE#${agentId}`,
  sk: `${kind}#${id}#${month}`,
});

/** Adds an order's energy and session to its day (`e{DD}`, `o{DD}`) of a station's or charger's month. */
function monthAdd(
  agentId: string,
  kind: MonthKind,
  id: string,
  day: string,
  energyWh: number,
  orders: number,
) {
  return {
    Key: monthKey(agentId, kind, id, day.slice(0, 7)),
    UpdateExpression: 'ADD #e :e, #o :o',
    ExpressionAttributeNames: { '#e': `e${day.slice(8, 10)}`, '#o': `o${day.slice(8, 10)}` },
    ExpressionAttributeValues: { ':e': energyWh, ':o': orders },
  };
}

/** The months (`YYYY-MM`) from startDay's to endDay's. */
function monthsOf(startDay: string, endDay: string): string[] {
  const months: string[] = [];
  for (let [y, m] = startDay.split('-').map(Number) as [number, number]; ; m === 12 ? (y++, (m = 1)) : m++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > endDay.slice(0, 7)) return months;
    months.push(month);
  }
}

/**
 * Stations' (STMONTH) or chargers' (CPMONTH) energy and sessions of each day from startDay to endDay (both
 * included), each from its company's partition: one entry per id and day with sessions. Two months of ten ids
 * are 20 keys, one read.
 */
export async function monthFigures(
  wanted: { kind: MonthKind; agentId: string; id: string }[],
  startDay: string,
  endDay: string,
): Promise<(DayFigures & { kind: MonthKind })[]> {
  const months = monthsOf(startDay, endDay);
  const keys = wanted.flatMap((w) => months.map((month) => monthKey(w.agentId, w.kind, w.id, month)));
  const out: (DayFigures & { kind: MonthKind })[] = [];
  for (const item of await batchRead(keys)) {
    const sk = String(item.sk);
    const kind = sk.slice(0, 7) as MonthKind;
    const month = sk.slice(-7);
    const id = sk.slice(8, -8);
    for (const name in item) {
      if (!/^e\d\d$/.test(name)) continue;
      const day = `${month}-${name.slice(1)}`;
      if (day >= startDay && day <= endDay)
        out.push({
          kind,
          day,
          id,
          energyWh: Number(item[name]),
          orders: Number(item[`o${name.slice(1)}`] ?? 0),
        });
    }
  }
  return out;
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
 * included), one entry per id and day with sessions.
 */
export async function platformDayFigures(
  kind: MapKind,
  startDay: string,
  endDay: string,
): Promise<DayFigures[]> {
  // Keyed day first: every shard of every day of the window is one range.
  const items = await queryAll(
    request({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `REVENUE#${PLATFORM_ROLLUPS}`,
        ':from': mapKey(kind, startDay, 0).sk,
        ':to': mapKey(kind, endDay, MAP_SHARDS - 1).sk,
      },
    }),
  );
  const out: DayFigures[] = [];
  for (const item of items) {
    const day = String(item.sk).split('#')[1]!;
    // A map item holds hundreds of attributes: walked once, without copying them into entries.
    for (const name in item)
      if (name.startsWith('f:')) {
        const packed = Number(item[name]);
        const orders = packed % PACK;
        out.push({ day, id: name.slice(2), energyWh: (packed - orders) / PACK, orders });
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

/** Items by key, 100 to a request, what is left unprocessed asked again; only the attributes named. */
async function batchRead(keys: Record<string, unknown>[], projection?: string) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    while (batch?.length) {
      const res = await send.batchGet({
        RequestItems: { main: { Keys: batch, ...(projection ? { ProjectionExpression: projection } : {}) } },
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
  map[`f:${id}`] = (map[`f:${id}`] ?? 0) + Number(item.energyWh ?? 0) * PACK + Number(item.orders ?? 0);
  maps.set(sk, map);
}

/** Adds a station's or charger's day (energy and sessions) to its month being rebuilt. */
function addToMonth(
  months: Map<string, Record<string, unknown>>,
  agentId: string,
  kind: MonthKind,
  item: Record<string, unknown>,
  id: string,
) {
  const day = String(item.day);
  const key = monthKey(agentId, kind, id, day.slice(0, 7));
  const month = months.get(key.sk + key.pk) ?? { ...key };
  const dd = day.slice(8, 10);
  month[`e${dd}`] = Number(month[`e${dd}`] ?? 0) + Number(item.energyWh ?? 0);
  month[`o${dd}`] = Number(month[`o${dd}`] ?? 0) + Number(item.orders ?? 0);
  months.set(key.sk + key.pk, month);
}

/**
 * Writes the platform's partition from the companies' partitions (their orders settled before the platform
 * partition existed; docs/decisions/195): the companies' days and hours summed per currency, their station
 * and charger days into the day maps; and each company's station and charger months from their days (written
 * before months existed). Puts absolute sums, so running it again (after a crash half-way) gives the same
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
  const months = new Map<string, Record<string, unknown>>();
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
    for (const s of stations) {
      addTo(maps, 'STMAP', s, String(s.stationId));
      addToMonth(months, company, 'STMONTH', s, String(s.stationId));
    }
    for (const c of chargers) {
      addTo(maps, 'CPMAP', c, String(c.chargePointId));
      addToMonth(months, company, 'CPMONTH', c, String(c.chargePointId));
    }
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
  items.push(...months.values());
  await putAll(items);
  return items.length;
}

/**
 * A data folder of the version before the day maps were keyed day first and the months existed: the
 * platform's partition and the companies' months written from the companies' day rollups (absolute sums),
 * then the day maps still keyed shard first (`{kind}#{shard}#{day}`) deleted. Running it again (after a crash
 * half-way) gives the same items. Returns how many old items were deleted.
 */
export async function upgradeDayMapsAndMonths(agentIds: string[]): Promise<number> {
  const old: Record<string, unknown>[] = [];
  for (const kind of ['STMAP', 'CPMAP'] as const) {
    const items = await queryAll(
      request({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :kind)',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': `REVENUE#${PLATFORM_ROLLUPS}`, ':kind': `${kind}#` },
        ProjectionExpression: '#pk, #sk',
      }),
    );
    old.push(...items.filter((item) => OLD_MAP_KEY.test(String(item.sk))));
  }
  await rebuildPlatformRollups(agentIds);
  await Promise.all(old.map((Key) => send.delete({ Key })));
  return old.length;
}
