/**
 * Revenue statistics and transaction insight (docs/decisions/272-revenue-from-daily-rollups.md;
 * shared/topology/revenue-routes.ts names their codes):
 * - `POST /biz/revenue/stat` (4400): figures by day, station or company over at most 60 days;
 * - `POST /biz/revenue/export` (4400, and 9100 for the Pro file export): the same rows as an Excel file
 *   through the exports queue (functions/export/revenue-exporter.ts);
 * - `POST /biz/transactionInsight/stat` (4600): growth rates and utilization over an analytics window.
 *
 * Both read ONLY the revenue rollups (functions/orders/rollups.ts), per company in the caller's scope: the
 * company's days (an item per day with orders) or its stations' days (an item per station and day with
 * orders), each one Query of a contiguous sk range of `REVENUE#{agentId}`. Neither depends on the number of
 * orders; orders are never read.
 * Scope: the caller's company and those below it; an `agentId` or `stationId` outside it does not exist
 * (decision 435).
 */
import { formatMinor } from '@shared/pricing/money.ts';
import {
  addDays,
  addSums,
  dayList,
  emptySums,
  growthRate,
  kwhText,
  peakUtilization,
  ratedConnectors,
  ratedPowerW,
  sumRollups,
  utilization,
  utilizationPerConnector,
  type RevenueSums,
} from '@shared/pricing/metrics.ts';
import {
  REVENUE_CODE,
  REVENUE_WINDOW_DAYS,
  revenueRangeProblem,
  type Growth,
  type Insight,
  type InsightPoint,
  type InsightQuery,
  type RevenueFigures,
  type RevenueRow,
  type RevenueStat,
  type RevenueStatQuery,
} from '@shared/schemas/revenue.ts';
import { pilesForStatistics, stations } from '@functions/chargepoints/sites.ts';
import { queueExport } from '@functions/api/export-tasks.ts';
import {
  reachOf,
  requireCode,
  stationVisible,
  type Identity,
  type Reach,
} from '@functions/identity/access.ts';
import { companyOfTenant } from '@functions/identity/tenants.ts';
import { operators, type OperatorRecord } from '@functions/data/operators.ts';
import { companyDays, stationDays } from '@functions/data/revenue-rollups.ts';
import { badRequest } from '@functions/lib/errors.ts';
import { mustExist } from '@functions/lib/named-record.ts';
import { newId, visible, type Stored } from '@functions/lib/records.ts';

type Company = OperatorRecord & Stored;

/** A rollup item as read, with the company whose partition it came from. */
export interface RollupItem extends Partial<Record<keyof RevenueSums, number>> {
  agentId: string;
  day: string;
  currency: string;
  tenant: string;
  stationId?: string;
}

/** Which items of a day: the company's day (`ALL`), every station's, or one station's. */
type Kind = { kind: 'all' } | { kind: 'stations'; stationId?: string };

/** The companies in scope, narrowed to `agentId` when given (one outside the scope gives none). */
export async function companiesInScope(scope: string, agentId?: string): Promise<Company[]> {
  const all = await operators.list(scope);
  return agentId ? all.filter((c) => c.id === agentId) : all;
}

/**
 * The company and the station a statistics call names, loaded in the caller's reach first: one the caller
 * cannot see does not exist, rather than matching nothing and answering zeros (decision 435).
 */
export async function checkNamed(reach: Reach, named: { stationId?: string; agentId?: string }) {
  const [companies, station] = await Promise.all([
    named.agentId ? companiesInScope(reach.scope, named.agentId) : undefined,
    named.stationId ? stations.repo.get(reach.scope, named.stationId) : undefined,
  ]);
  if (named.agentId) mustExist(companies?.[0]);
  if (named.stationId) mustExist(station && stationVisible(reach, station.id) ? station : undefined);
}

/**
 * The rollup items of one company from startDay to endDay: the company's days, or its stations' days (one
 * station's when `stationId`), with one Query (a page per 1 MB).
 */
export async function readRollups(
  scope: string,
  agentId: string,
  startDay: string,
  endDay: string,
  which: Kind,
): Promise<RollupItem[]> {
  const items =
    which.kind === 'all'
      ? await companyDays(agentId, startDay, endDay)
      : await stationDays(agentId, startDay, endDay);
  const station = which.kind === 'stations' ? which.stationId : undefined;
  const out: RollupItem[] = [];
  for (const item of items)
    if ((!station || item.stationId === station) && visible(scope, item.tenant as string))
      out.push({ ...(item as unknown as RollupItem), agentId });
  return out;
}

/**
 * The items of every company in view, read in parallel; a caller bound to stations reads station items and
 * keeps their stations' (docs/decisions/190).
 */
export async function readAll(
  reach: Reach,
  companies: Company[],
  startDay: string,
  endDay: string,
  which: Kind,
): Promise<RollupItem[]> {
  const parts = await Promise.all(
    companies.map((c) => readRollups(reach.scope, c.id, startDay, endDay, which)),
  );
  const items = parts.flat();
  return which.kind === 'stations' ? items.filter((i) => stationVisible(reach, i.stationId)) : items;
}

/** Sums as the figures of a row in its currency. */
export function figuresOf(sums: RevenueSums, currency: string): RevenueFigures {
  const money = (v: bigint) => formatMinor(v, currency);
  return {
    currency,
    orders: Number(sums.orders),
    energyKwh: kwhText(sums.energyWh),
    durationSeconds: Number(sums.durationSeconds),
    pay: money(sums.payMinor),
    revenue: money(sums.revenueMinor),
    discount: money(sums.discountMinor),
    profit: money(sums.profitMinor),
    coupon: money(sums.couponMinor),
    tariff: money(sums.tariffMinor),
    elecFee: money(sums.elecMinor),
    occupancyFee: money(sums.occupancyMinor),
  };
}

function checkRange(startDay: string, endDay: string) {
  const problem = revenueRangeProblem(startDay, endDay);
  if (problem) throw badRequest(problem, undefined, { days: REVENUE_WINDOW_DAYS });
}

async function stationNames(ids: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(ids.map((id) => stations.repo.getAny(id)));
  return new Map(found.flatMap((s) => (s ? [[String(s.id), String(s.name ?? '')] as const] : [])));
}

/**
 * The statistics of a scope: rows by day (a row per day and currency, every day of the range), by station
 * (stations with orders), or by company (every company in view, with zeros), and totals per currency.
 */
export async function revenueStat(reach: Reach, query: RevenueStatQuery): Promise<RevenueStat> {
  const { startDay, endDay, groupBy, stationId, agentId } = query;
  checkRange(startDay, endDay);
  await checkNamed(reach, query);
  const companies = await companiesInScope(reach.scope, agentId);
  const byStation = groupBy === 'station' || Boolean(stationId) || Boolean(reach.stations);
  const items = await readAll(
    reach,
    companies,
    startDay,
    endDay,
    byStation ? { kind: 'stations', stationId } : { kind: 'all' },
  );

  const groups = new Map<
    string,
    { row: Omit<RevenueRow, keyof RevenueFigures>; currency: string; sums: RevenueSums }
  >();
  const group = (key: string, currency: string, row: Omit<RevenueRow, keyof RevenueFigures>) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { row, currency, sums: emptySums() }));
    return g;
  };
  const companyById = new Map(companies.map((c) => [c.id, c]));
  const companyRow = (c: { id: string; operatorName?: string }) => ({
    key: c.id,
    agentId: c.id,
    operatorName: c.operatorName,
  });
  // By company, every company in view has its row (in its currency), orders or not.
  if (groupBy === 'operator' && !stationId)
    for (const c of companies) {
      const currency = String(c.currency || 'EUR');
      group(`${c.id}|${currency}`, currency, companyRow(c));
    }
  for (const item of items) {
    const currency = String(item.currency);
    const g =
      groupBy === 'day'
        ? group(`${item.day}|${currency}`, currency, { key: item.day, day: item.day })
        : groupBy === 'station'
          ? group(`${item.stationId}|${currency}`, currency, {
              key: String(item.stationId),
              stationId: String(item.stationId),
              agentId: item.agentId,
            })
          : group(
              `${item.agentId}|${currency}`,
              currency,
              companyRow({ id: item.agentId, operatorName: companyById.get(item.agentId)?.operatorName }),
            );
    addSums(g.sums, item);
  }
  if (groupBy === 'day') {
    const currencies = new Set([...groups.values()].map((g) => g.currency));
    if (!currencies.size && companies[0]) currencies.add(String(companies[0].currency || 'EUR'));
    for (const currency of currencies)
      for (const day of dayList(startDay, endDay)) group(`${day}|${currency}`, currency, { key: day, day });
  }

  let rows: RevenueRow[] = [...groups.values()].map((g) => ({ ...g.row, ...figuresOf(g.sums, g.currency) }));
  if (groupBy === 'station') {
    const names = await stationNames([...new Set(rows.map((r) => r.stationId!))]);
    rows = rows.map((r) => ({ ...r, stationName: names.get(r.stationId!) ?? '' }));
  }
  const label = (r: RevenueRow) =>
    groupBy === 'day'
      ? r.day!
      : groupBy === 'station'
        ? `${r.stationName}|${r.key}`
        : `${r.operatorName}|${r.key}`;
  rows.sort((a, b) => label(a).localeCompare(label(b)) || a.currency.localeCompare(b.currency));

  const totals = new Map<string, RevenueSums>();
  for (const g of groups.values())
    addSums(totals.get(g.currency) ?? totals.set(g.currency, emptySums()).get(g.currency)!, g.sums);
  return {
    startDay,
    endDay,
    groupBy,
    rows,
    totals: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sums]) => figuresOf(sums, currency)),
  };
}

// ---- Transaction insight ---------------------------------------------------------------------------------

export const utcToday = () => new Date().toISOString().slice(0, 10);
const inRange = (day: string, from: string, to: string) => day >= from && day <= to;

function byCurrency(items: RollupItem[]): Map<string, RevenueSums> {
  const out = new Map<string, RevenueSums>();
  for (const item of items) {
    const currency = String(item.currency);
    addSums(out.get(currency) ?? out.set(currency, emptySums()).get(currency)!, item);
  }
  return out;
}

/** Revenue per currency of rollup items, as decimal text. */
export const revenueByCurrency = (items: RollupItem[]) =>
  Object.fromEntries(
    [...byCurrency(items)].map(([currency, s]) => [currency, formatMinor(s.revenueMinor, currency)]),
  );

/**
 * The utilizations of docs/product.md section 9 over `hours` (docs/decisions/181): utilization as the formula
 * reads (Σ energy / the order's connector's rating, over the hours), beside it the same per connector and the
 * peak-power variant. None of them without a rated connector in view.
 */
export function utilizations(
  sums: { fullPowerMs: bigint; energyWh: bigint },
  capacity: { connectors: number; ratedW: number },
  hours: number,
) {
  return {
    utilization: capacity.connectors > 0 ? utilization(sums.fullPowerMs, hours) : null,
    utilizationPerConnector: utilizationPerConnector(sums.fullPowerMs, capacity.connectors, hours),
    peakUtilization: peakUtilization(sums.energyWh, capacity.ratedW, hours),
  };
}

/** One day of a daily series: its sums, revenue per currency and the utilizations over the day's 24 hours. */
export function insightPoint(
  day: string,
  items: RollupItem[],
  capacity: { connectors: number; ratedW: number },
): InsightPoint {
  const sums = sumRollups(items);
  return {
    day,
    energyKwh: kwhText(sums.energyWh),
    orders: Number(sums.orders),
    revenue: revenueByCurrency(items),
    ...utilizations(sums, capacity, 24),
  };
}

export function growthOf(current: RollupItem[], previous: RollupItem[]) {
  const c = sumRollups(current);
  const p = sumRollups(previous);
  const cm = byCurrency(current);
  const pm = byCurrency(previous);
  const currencies = [...new Set([...cm.keys(), ...pm.keys()])].sort();
  return {
    energyKwh: {
      current: kwhText(c.energyWh),
      previous: kwhText(p.energyWh),
      growth: growthRate(c.energyWh, p.energyWh),
    } satisfies Growth,
    orders: { current: Number(c.orders), previous: Number(p.orders), growth: growthRate(c.orders, p.orders) },
    revenue: currencies.map((currency) => {
      const cur = cm.get(currency)?.revenueMinor ?? 0n;
      const prev = pm.get(currency)?.revenueMinor ?? 0n;
      return {
        currency,
        current: formatMinor(cur, currency),
        previous: formatMinor(prev, currency),
        growth: growthRate(cur, prev),
      };
    }),
  };
}

/**
 * Growth (chain: this window against the one before it; year-on-year: the last 7 days against the same
 * weekdays 52 weeks earlier) of energy, sessions and revenue, a daily series, and utilization per station
 * and in total, docs/product.md section 9 (docs/decisions/181): each order's energy over its connector's
 * rated power (the rollups' fullPowerMs) over the hours; beside it the same per rated connector and the
 * peak-power variant, energy over (the stations' rated peak × hours). Day granularity: a day is the rollups' smallest
 * unit, so the 24-hour view is the window of 1 day (the end day against the day before).
 */
export async function transactionInsight(
  reach: Reach,
  query: InsightQuery,
  today = utcToday(),
): Promise<Insight> {
  const { days, stationId, agentId } = query;
  const end = query.endDay ?? today;
  const current = { startDay: addDays(end, 1 - days), endDay: end };
  const previous = { startDay: addDays(end, 1 - 2 * days), endDay: addDays(end, -days) };
  const yoyCurrent = { startDay: addDays(end, -6), endDay: end };
  const yoyPrevious = { startDay: addDays(end, -6 - 364), endDay: addDays(end, -364) };
  const { scope } = reach;
  await checkNamed(reach, query);
  const companies = await companiesInScope(scope, agentId);

  const [stationItems, yoyItems, stationList] = await Promise.all([
    readAll(reach, companies, previous.startDay, end, { kind: 'stations', stationId }),
    readAll(reach, companies, yoyPrevious.startDay, yoyPrevious.endDay, { kind: 'stations', stationId }),
    stationId ? stations.repo.get(scope, stationId).then((s) => (s ? [s] : [])) : stations.repo.list(scope),
  ]);
  // Company-day items would be cheaper for the totals, but the station items give both (and the sums are
  // the same: every order is in its company's day and in its station's day).
  const inView = new Set(companies.map((c) => c.id));
  const viewStations = stationList.filter(
    (s) => inView.has(companyOfTenant(String(s.tenant))) && stationVisible(reach, s.id),
  );
  const capacity = await mapLimit(viewStations, PARALLEL, stationCapacity);
  const totalRatedW = capacity.reduce((a, c) => a + c.ratedW, 0);
  const totalConnectors = capacity.reduce((a, c) => a + c.connectors, 0);

  const cur = stationItems.filter((i) => inRange(i.day, current.startDay, current.endDay));
  const prev = stationItems.filter((i) => inRange(i.day, previous.startDay, previous.endDay));
  const yoyCur = stationItems.filter((i) => inRange(i.day, yoyCurrent.startDay, yoyCurrent.endDay));

  const perDay = new Map<string, RollupItem[]>();
  for (const item of cur) perDay.set(item.day, [...(perDay.get(item.day) ?? []), item]);
  const capacityTotal = { connectors: totalConnectors, ratedW: totalRatedW };
  const series = dayList(current.startDay, current.endDay).map((day) =>
    insightPoint(day, perDay.get(day) ?? [], capacityTotal),
  );

  const perStation = new Map<string, RollupItem[]>();
  for (const item of cur)
    perStation.set(String(item.stationId), [...(perStation.get(String(item.stationId)) ?? []), item]);
  const hours = days * 24;
  const stationRows = viewStations.map((s, i) => {
    const sums = sumRollups(perStation.get(String(s.id)) ?? []);
    return {
      stationId: String(s.id),
      stationName: String(s.name ?? ''),
      agentId: companyOfTenant(String(s.tenant)),
      ratedPowerKw: capacity[i]!.ratedW / 1000,
      connectors: capacity[i]!.connectors,
      energyKwh: kwhText(sums.energyWh),
      orders: Number(sums.orders),
      ...utilizations(sums, capacity[i]!, hours),
    };
  });
  stationRows.sort(
    (a, b) => (b.utilization ?? -1) - (a.utilization ?? -1) || a.stationName.localeCompare(b.stationName),
  );
  const totals = sumRollups(cur);

  return {
    days,
    current,
    previous,
    chain: growthOf(cur, prev),
    yearOnYear: { current: yoyCurrent, previous: yoyPrevious, ...growthOf(yoyCur, yoyItems) },
    series,
    ...utilizations(totals, { connectors: totalConnectors, ratedW: totalRatedW }, hours),
    ratedPowerKw: totalRatedW / 1000,
    connectors: totalConnectors,
    stations: stationRows,
  };
}

/** A station's rated power and connectors (utilization's denominators), from the piles kept a minute. */
export async function stationCapacity(s: { id: unknown; tenant: unknown }) {
  const piles = await pilesForStatistics(String(s.tenant), String(s.id));
  return { ratedW: ratedPowerW(piles), connectors: ratedConnectors(piles) };
}

/** Stations whose piles are read at once. */
const PARALLEL = 16;

/** fn over the items, at most `limit` at a time, results in order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// ---- Export ----------------------------------------------------------------------------------------------

/** Queues the statistics' rows as an Excel file (the exports queue; /fileExport lists it). */
export async function exportRevenue(
  identity: Identity,
  query: RevenueStatQuery,
): Promise<{ taskId: string }> {
  // Data export is the Pro menu 9000/9100: without it the file could not be listed or downloaded either.
  requireCode(identity, REVENUE_CODE.export);
  checkRange(query.startDay, query.endDay);
  await checkNamed(identity, query);
  const taskId = newId();
  await queueExport({
    taskId,
    taskName: `revenue-${query.groupBy}-${query.startDay}-${query.endDay}`,
    kind: 'revenue',
    agentId: identity.operator?.id ?? '',
    params: { ...query, ...reachOf(identity) },
  });
  return { taskId };
}
