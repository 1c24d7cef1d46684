/**
 * The home dashboard (`POST /biz/home/dashboard`, code 1100; docs/decisions/183-home-dashboard.md): what an
 * operator opens first, for the caller's scope (platform, company and those below, or the stations a user is
 * bound to).
 * - KPIs of the window against the one before it, the daily series and utilization (as the transaction
 *   insight computes them, decision 181) from the company days (a bound user: its station days); the window
 *   ends on the newest local date of the stations in view.
 * - The last 24 hours by hour: the company's (or, for a bound user, its stations') UTC-hour rollups.
 * - Top five stations and chargers over 7 days with their 30 days beside: station and charger day rollups,
 *   ranked on 7 days, the 30 days of the five shown from their months (one read for all ten).
 * - Now: chargers online, offline and faulted and sessions in progress from the stations' live figures
 *   (counted whenever a charger's live state changes: docs/decisions/196), open alarms from their counters.
 * The platform administrator reads the platform's partition (its days and hours in each currency, every
 * station's and charger's days: docs/decisions/195) instead of one partition per company.
 * Orders are never read, nor chargers one by one: every figure is a rollup or a counter.
 */
import { addDays, growthRate, kwhText, sumRollups } from '@shared/pricing/metrics.ts';
import { HOME_TOP, type HomeDashboard, type HomeQuery, type TopEntry } from '@shared/schemas/home.ts';
import { companyOwner, openAlarmCount, stationOwner } from '@functions/data/alarm-stats.ts';
import {
  chargerDays,
  companyHours,
  monthFigures,
  PLATFORM_ROLLUPS,
  platformDayFigures,
  platformDays,
  platformHours,
  stationHours,
} from '@functions/data/revenue-rollups.ts';
import {
  agentIdOf,
  chargePointById,
  chargersNow,
  pilesForStatistics,
  stations,
} from '@functions/chargepoints/sites.ts';
import { stationVisible, type Identity } from '@functions/identity/access.ts';
import { tenantsOf } from '@functions/identity/tenants.ts';
import { PLATFORM_TENANT, visible } from '@functions/lib/records.ts';
import {
  companiesInScope,
  growthOf,
  insightPoint,
  readAll,
  revenueByCurrency,
  stationCapacity,
  utilizations,
  type RollupItem,
} from './revenue.ts';
import { latestLocalDate } from '@shared/pricing/time-of-use.ts';

const HOUR_MS = 3_600_000;

/** The UTC hour key (`YYYY-MM-DDTHH`) of an instant. */
const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** Utilization against the window before, growth by docs/product.md section 9 (null without both figures). */
function utilizationGrowth(current: number | null, previous: number | null) {
  const growth =
    current === null || previous === null
      ? null
      : growthRate(BigInt(Math.round(current * 100)), BigInt(Math.round(previous * 100)));
  return { current, previous, growth };
}

/** A day's energy and sessions of one station or charger (the 7 days ranked). */
interface DayFigure {
  id: string;
  /** The company whose partition holds its 30 days (the platform's figures: PLATFORM_ROLLUPS, found later). */
  agentId: string;
  energyWh: unknown;
  orders: unknown;
}

/** Ids ranked by their 7-day energy (then sessions), those with sessions only, the first five. */
function rank(items7: DayFigure[]) {
  // Energy in Wh and session counts: whole numbers far below 2^53, summed as numbers (the platform ranks
  // every charger's week on each call).
  const groups = new Map<string, { id: string; agentId: string; energyWh: number; orders: number }>();
  for (const item of items7) {
    let group = groups.get(item.id);
    if (!group) groups.set(item.id, (group = { id: item.id, agentId: item.agentId, energyWh: 0, orders: 0 }));
    group.energyWh += Math.trunc(Number(item.energyWh ?? 0));
    group.orders += Math.trunc(Number(item.orders ?? 0));
  }
  return [...groups.values()]
    .filter((r) => r.orders > 0)
    .sort((a, b) => b.energyWh - a.energyWh || b.orders - a.orders || a.id.localeCompare(b.id))
    .slice(0, HOME_TOP)
    .map((r) => ({
      id: r.id,
      agentId: r.agentId,
      s7: { energyWh: BigInt(r.energyWh), orders: BigInt(r.orders) },
    }));
}

/** A top entry: its 7 days and the 30 days read for it. */
function entry(
  r: ReturnType<typeof rank>[number],
  days30: Record<string, unknown>[],
  name: string,
  stationName?: string,
): TopEntry {
  const s30 = sumRollups(days30);
  return {
    id: r.id,
    name,
    ...(stationName ? { stationName } : {}),
    energyKwh7: kwhText(r.s7.energyWh),
    orders7: Number(r.s7.orders),
    energyKwh30: kwhText(s30.energyWh),
    orders30: Number(s30.orders),
  };
}

/** "Today" among the stations in view, their own time zones (docs/decisions/455). */
const latestLocalDay = (inView: Record<string, unknown>[], now: number) =>
  latestLocalDate(
    inView.map((s) => String(s.timeZone ?? 'UTC')),
    now,
  );

/** The platform's stations' or chargers' days from its day maps, ranked in the platform partition. */
const platformDaysOf = async (kind: 'STMAP' | 'CPMAP', startDay: string, endDay: string) =>
  (await platformDayFigures(kind, startDay, endDay)).map((f): DayFigure => ({
    id: f.id,
    agentId: PLATFORM_ROLLUPS,
    energyWh: f.energyWh,
    orders: f.orders,
  }));

/** A company's station or charger days as figures to rank, by the id `field` names. */
const asFigures = (items: RollupItem[], field: 'stationId' | 'chargePointId'): DayFigure[] =>
  items.map((item) => ({
    id: String((item as unknown as Record<string, unknown>)[field]),
    agentId: String(item.agentId),
    energyWh: item.energyWh,
    orders: item.orders,
  }));

/** Rollup items as read, labelled with the partition's agent (the 30 days of a top entry are read there). */
const asRollups = async (read: Promise<Record<string, unknown>[]>, agentId = PLATFORM_ROLLUPS) =>
  (await read).map((item) => ({ ...(item as unknown as RollupItem), agentId }));

/** The piles of the stations in view by id (the statistics' pile cache). */
async function pilesOf(inView: { id: string; tenant: string }[]) {
  const each = await Promise.all(inView.map((s) => pilesForStatistics(s.tenant, s.id)));
  return new Map(each.flat().map((p) => [p.id, p as Record<string, unknown>] as const));
}

/** The stations' rated connectors and power together (utilization's denominators). */
async function capacityOf(inView: { id: string; tenant: string }[]) {
  const each = await Promise.all(inView.map(stationCapacity));
  return {
    connectors: each.reduce((n, c) => n + c.connectors, 0),
    ratedW: each.reduce((n, c) => n + c.ratedW, 0),
  };
}

export async function homeDashboard(
  identity: Identity,
  query: HomeQuery,
  now = Date.now(),
): Promise<HomeDashboard> {
  const [scopeStations, companies] = await Promise.all([
    // What the dashboard uses of each station: a few fields, not every station's whole record.
    stations.repo.list(identity.scope, ['id', 'tenant', 'name', 'timeZone']),
    companiesInScope(identity.scope),
  ]);
  const inView = scopeStations.filter((s) => stationVisible(identity, s.id));
  const stationNames = new Map(inView.map((s) => [s.id, String(s.name ?? '')]));
  const today = latestLocalDay(inView, now);
  const { days } = query;
  const current = { startDay: addDays(today, 1 - days), endDay: today };
  const previous = { startDay: addDays(today, 1 - 2 * days), endDay: addDays(today, -days) };
  const since30 = addDays(today, -29);
  const since7 = addDays(today, -6);
  const firstHour = hourKey(now - 23 * HOUR_MS);
  const lastHour = hourKey(now);
  const bound = identity.stations !== undefined;
  const inScope = (item: RollupItem) =>
    visible(identity.scope, String(item.tenant)) && (!bound || stationVisible(identity, item.stationId));

  // The company's days (a bound user: its stations' days) of both windows and the last 30 days, at once.
  const from = previous.startDay < since30 ? previous.startDay : since30;
  const platform = identity.scope === PLATFORM_TENANT && !bound;
  const [dayItems, stationItems, chargerItems, hourItems, capacity, chargers, openAlarms, piles] =
    await Promise.all([
      platform
        ? asRollups(platformDays(from, today))
        : readAll(identity, companies, from, today, bound ? { kind: 'stations' } : { kind: 'all' }),
      platform
        ? platformDaysOf('STMAP', since7, today)
        : readAll(identity, companies, since7, today, { kind: 'stations' }).then((items) =>
            asFigures(items, 'stationId'),
          ),
      platform
        ? platformDaysOf('CPMAP', since7, today)
        : Promise.all(companies.map((c) => asRollups(chargerDays(c.id, since7, today), c.id))).then((parts) =>
            asFigures(parts.flat().filter(inScope), 'chargePointId'),
          ),
      platform
        ? asRollups(platformHours(firstHour, lastHour))
        : Promise.all(
            companies.map((c) =>
              asRollups(
                bound ? stationHours(c.id, firstHour, lastHour) : companyHours(c.id, firstHour, lastHour),
                c.id,
              ),
            ),
          ).then((parts) => parts.flat().filter(inScope)),
      capacityOf(inView),
      chargersNow(identity.scope, inView),
      bound
        ? openAlarmCount(identity.stations!.map(stationOwner))
        : openAlarmCount(tenantsOf(identity.scope, companies).map(companyOwner)),
      pilesOf(inView),
    ]);

  const within = (w: { startDay: string; endDay: string }) =>
    dayItems.filter((i) => i.day >= w.startDay && i.day <= w.endDay);
  const cur = within(current);
  const prev = within(previous);
  const hoursOfWindow = days * 24;
  const byDay = new Map<string, RollupItem[]>();
  for (const item of dayItems) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);
  const series = Array.from({ length: days }, (_, i) => {
    const day = addDays(current.startDay, i);
    return insightPoint(day, byDay.get(day) ?? [], capacity);
  });
  const energy30 = Array.from({ length: 30 }, (_, i) => {
    const day = addDays(since30, i);
    return { day, energyKwh: kwhText(sumRollups(byDay.get(day) ?? []).energyWh) };
  });

  const byHour = new Map<string, RollupItem[]>();
  for (const item of hourItems) {
    const key = String((item as { hour?: string }).hour);
    byHour.set(key, [...(byHour.get(key) ?? []), item]);
  }
  const hours = Array.from({ length: 24 }, (_, i) => {
    const start = Date.parse(`${firstHour}:00:00Z`) + i * HOUR_MS;
    const items = byHour.get(hourKey(start)) ?? [];
    const sums = sumRollups(items);
    return {
      hour: new Date(start).toISOString(),
      energyKwh: kwhText(sums.energyWh),
      orders: Number(sums.orders),
      revenue: revenueByCurrency(items),
    };
  });

  // Top five: ranked on the last 7 days; the 30 days of the five shown from their months, in one read. The
  // platform's figures do not say whose a station or charger is: its company is the station's or pile's.
  const topStationRanks = rank(stationItems);
  const topChargerRanks = rank(chargerItems);
  // Named from the stations' piles already read (a pile no longer at a station in view: read alone).
  const topPiles = await Promise.all(
    topChargerRanks.map(async (r) => piles.get(r.id) ?? (await chargePointById(r.id))),
  );
  const stationTenants = new Map(inView.map((s) => [s.id, String(s.tenant)]));
  const days30 = await monthFigures(
    [
      ...topStationRanks.map((r) => ({
        kind: 'STMONTH' as const,
        id: r.id,
        agentId: r.agentId === PLATFORM_ROLLUPS ? agentIdOf(stationTenants.get(r.id) ?? '') : r.agentId,
      })),
      ...topChargerRanks.map((r, i) => ({
        kind: 'CPMONTH' as const,
        id: r.id,
        agentId: r.agentId === PLATFORM_ROLLUPS ? String(topPiles[i]?.agentId ?? '') : r.agentId,
      })),
    ],
    since30,
    today,
  );
  const days30Of = (kind: 'STMONTH' | 'CPMONTH', id: string) =>
    days30.filter((f) => f.kind === kind && f.id === id) as unknown as Record<string, unknown>[];
  const topStations = topStationRanks.map((r) =>
    entry(r, days30Of('STMONTH', r.id), stationNames.get(r.id) ?? r.id),
  );
  const topChargers = topChargerRanks.map((r, i) =>
    entry(
      r,
      days30Of('CPMONTH', r.id),
      String(topPiles[i]?.name ?? r.id),
      stationNames.get(String(topPiles[i]?.stationId)),
    ),
  );

  // Utilization as docs/product.md section 9 reads, without a divisor for the connectors (decision 181).
  const currentUtilization = utilizations(sumRollups(cur), capacity, hoursOfWindow).utilization;
  const previousUtilization = utilizations(sumRollups(prev), capacity, hoursOfWindow).utilization;
  const { sessions, ...counts } = chargers;
  return {
    days,
    current,
    previous,
    kpis: { ...growthOf(cur, prev), utilization: utilizationGrowth(currentUtilization, previousUtilization) },
    live: {
      chargers: counts,
      activeSessions: sessions,
      openAlarms,
    },
    series,
    energy30,
    hours,
    topStations,
    topChargers,
    at: new Date(now).toISOString(),
  };
}
