/**
 * Renewable energy (/renewable; docs/decisions/428): a station's renewable sources (a declared
 * resource), what they produced (functions/data/renewable-production.ts: reported by energy boxes, or
 * imported), and how much of the energy charged was renewable and what CO2 that avoided.
 *
 * The model, per station and UTC hour h:
 * - P(h): what its PV arrays and turbines produced; C(h): what it charged (each order's energy spread evenly
 *   over the hours it ran);
 * - the on-site share s(h) = min(1, P(h) / C(h)); the rest came from the grid, of which the green supply
 *   contracts' share g (their shares summed, at most 100 %) was renewable: r(h) = s(h) + (1 - s(h)) x g;
 * - an order's renewable energy = the sum over its hours of its energy in h x r(h): concurrent sessions share
 *   the hour's production in proportion to what they charged;
 * - CO2 avoided = renewable kWh x the grid factor (system parameter CO2_GRID_FACTOR, g/kWh; default 380).
 * Production beyond what was charged in an hour is not counted (it went to the site or the grid, not to EVs).
 */
import {
  DEFAULT_GRID_FACTOR_G_PER_KWH,
  GRID_FACTOR_PARAMETER,
  renewableSourceResource,
} from '@shared/resources/energy/renewable-source.ts';
import type { z } from 'zod';
import {
  productionImportSchema,
  type renewableReportQuery,
} from '@shared/resources/energy/renewable-source.ts';
import { parameterByCode } from '@functions/admin/parameters.ts';
import { stationOrders } from '@functions/data/orders.ts';
import { addProduction, productionByHour, setProduction } from '@functions/data/renewable-production.ts';
import { energyBoxes } from '@functions/energybox/boxes.ts';
import { stations, visibleStation } from '@functions/chargepoints/sites.ts';
import { stationVisible, type Identity } from '@functions/identity/access.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { writeSheet } from '@functions/lib/excel.ts';
import { resource, type Record_, type Resource } from '@functions/api/resources.ts';

const HOUR = 3_600_000;
/** Orders listed in the report (newest first); the totals count every order. */
export const REPORT_ORDERS_MAX = 200;

export const renewableSources: Resource = resource(renewableSourceResource, {
  // A source stands at one of the caller's stations: kept with the station's company, and its name shown.
  check: async (record, identity) => {
    const station = await visibleStation(identity, record.stationId);
    if (!station) throw refused('energyRes.server.stationNotFound');
    record.stationName = String(station.name ?? '');
    record.tenant = station.tenant;
  },
});

/** The grid's CO2 per kWh (g): the system parameter, else the default. */
export async function gridFactor(): Promise<number> {
  const value = Number((await parameterByCode(GRID_FACTOR_PARAMETER))?.value);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_GRID_FACTOR_G_PER_KWH;
}

const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** An order's energy by UTC hour, spread evenly over the time it ran. */
export function energyByHour(
  startTime: string,
  endTime: string | undefined,
  wh: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const start = Date.parse(startTime);
  const end = Math.max(start, Date.parse(endTime ?? startTime));
  if (!(wh > 0) || !Number.isFinite(start)) return out;
  if (end === start) return out.set(hourKey(start), wh);
  for (let t = start; t < end;) {
    const next = Math.min(end, Math.floor(t / HOUR) * HOUR + HOUR);
    out.set(hourKey(t), (out.get(hourKey(t)) ?? 0) + (wh * (next - t)) / (end - start));
    t = next;
  }
  return out;
}

interface OrderRow {
  orderNo: string;
  stationId: string;
  chargePointId: string;
  startTime: string;
  endTime?: string;
  energyWh: number;
}

export interface StationRenewable {
  stationId: string;
  stationName: string;
  energyWh: number;
  renewableWh: number;
  producedWh: number;
  co2AvoidedG: number;
  sources: number;
}

/** One station's figures over the window, its orders with theirs, and its days. */
async function stationFigures(
  station: Record_,
  sources: Record_[],
  window: { from: string; to: string },
  factor: number,
) {
  const onSite = sources.filter((s) => s.sourceType !== 'GREEN_CONTRACT');
  const green = Math.min(
    1,
    sources
      .filter((s) => s.sourceType === 'GREEN_CONTRACT')
      .reduce((sum, s) => sum + Number(s.share ?? 0), 0) / 100,
  );
  // Orders that ran in the window: started in it, or up to a day before it (a long session's tail).
  const from = new Date(Date.parse(window.from) - 24 * HOUR).toISOString();
  const orders = (
    (await stationOrders(String(station.id), { from, to: window.to })) as unknown as OrderRow[]
  ).filter((o) => Date.parse(o.endTime ?? o.startTime) >= Date.parse(window.from) && o.startTime < window.to);
  const inWindow = (h: string) => h >= window.from.slice(0, 13) && `${h}:00:00.000Z` < window.to;
  const consumption = new Map<string, number>();
  const byOrder = orders.map((o) => {
    const hours = new Map(
      [...energyByHour(o.startTime, o.endTime, Number(o.energyWh ?? 0))].filter(([h]) => inWindow(h)),
    );
    for (const [h, wh] of hours) consumption.set(h, (consumption.get(h) ?? 0) + wh);
    return { order: o, hours };
  });
  const production = new Map<string, number>();
  for (const source of onSite)
    for (const [h, wh] of await productionByHour(
      String(source.id),
      window.from.slice(0, 10),
      window.to.slice(0, 10),
    ))
      if (inWindow(h)) production.set(h, (production.get(h) ?? 0) + wh);
  const shareAt = (h: string) => {
    const c = consumption.get(h) ?? 0;
    const local = c > 0 ? Math.min(1, (production.get(h) ?? 0) / c) : 0;
    return local + (1 - local) * green;
  };
  const rows = byOrder.map(({ order, hours }) => {
    let energy = 0;
    let renewable = 0;
    for (const [h, wh] of hours) {
      energy += wh;
      renewable += wh * shareAt(h);
    }
    return {
      orderNo: order.orderNo,
      stationId: order.stationId,
      stationName: String(station.name ?? ''),
      chargePointId: order.chargePointId,
      startTime: order.startTime,
      endTime: order.endTime,
      energyWh: Math.round(energy),
      renewableWh: Math.round(renewable),
      sharePct: energy > 0 ? Math.round((renewable / energy) * 1000) / 10 : 0,
      co2AvoidedG: Math.round((renewable / 1000) * factor),
    };
  });
  const days = new Map<string, { day: string; energyWh: number; renewableWh: number; producedWh: number }>();
  const dayOf = (h: string) => {
    const d = h.slice(0, 10);
    if (!days.has(d)) days.set(d, { day: d, energyWh: 0, renewableWh: 0, producedWh: 0 });
    return days.get(d)!;
  };
  for (const [h, c] of consumption) {
    dayOf(h).energyWh += c;
    dayOf(h).renewableWh += c * shareAt(h);
  }
  for (const [h, p] of production) dayOf(h).producedWh += p;
  const energyWh = rows.reduce((s, r) => s + r.energyWh, 0);
  const renewableWh = rows.reduce((s, r) => s + r.renewableWh, 0);
  const summary: StationRenewable = {
    stationId: String(station.id),
    stationName: String(station.name ?? ''),
    energyWh,
    renewableWh,
    producedWh: Math.round([...production.values()].reduce((s, p) => s + p, 0)),
    co2AvoidedG: Math.round((renewableWh / 1000) * factor),
    sources: sources.length,
  };
  return { summary, rows, days: [...days.values()] };
}

/** POST /biz/renewable/report: the renewable figures of a station (or every station in scope) over a period. */
export async function renewableReport(
  identity: Identity,
  query: z.infer<typeof renewableReportQuery>,
  limit = REPORT_ORDERS_MAX,
) {
  const window = { from: new Date(query.from).toISOString(), to: new Date(query.to).toISOString() };
  let list: Record_[];
  if (query.stationId) {
    const one = await visibleStation(identity, query.stationId);
    if (!one) throw notFound();
    list = [one];
  } else list = (await stations.repo.list(identity.scope)).filter((s) => stationVisible(identity, s.id));
  const sources = await renewableSources.repo.list(identity.scope);
  const factor = await gridFactor();
  const figures = await Promise.all(
    list.map((station) =>
      stationFigures(
        station,
        sources.filter((s) => s.stationId === station.id),
        window,
        factor,
      ),
    ),
  );
  const byStation = figures.map((f) => f.summary);
  const days = new Map<string, { day: string; energyWh: number; renewableWh: number; producedWh: number }>();
  for (const d of figures.flatMap((f) => f.days)) {
    const acc = days.get(d.day) ?? { day: d.day, energyWh: 0, renewableWh: 0, producedWh: 0 };
    acc.energyWh += d.energyWh;
    acc.renewableWh += d.renewableWh;
    acc.producedWh += d.producedWh;
    days.set(d.day, acc);
  }
  const energyWh = byStation.reduce((s, x) => s + x.energyWh, 0);
  const renewableWh = byStation.reduce((s, x) => s + x.renewableWh, 0);
  const orders = figures.flatMap((f) => f.rows).sort((a, b) => b.startTime.localeCompare(a.startTime));
  return {
    from: window.from,
    to: window.to,
    gridFactor: factor,
    totals: {
      energyWh,
      renewableWh,
      sharePct: energyWh > 0 ? Math.round((renewableWh / energyWh) * 1000) / 10 : 0,
      producedWh: byStation.reduce((s, x) => s + x.producedWh, 0),
      co2AvoidedG: Math.round((renewableWh / 1000) * factor),
      orders: orders.length,
    },
    stations: byStation,
    days: [...days.values()]
      .sort((a, b) => a.day.localeCompare(b.day))
      .map((d) => ({
        day: d.day,
        energyWh: Math.round(d.energyWh),
        renewableWh: Math.round(d.renewableWh),
        producedWh: Math.round(d.producedWh),
      })),
    orders: orders.slice(0, limit),
  };
}

/** POST /biz/renewable/download: the report as an Excel file (every order of the period, not only the newest). */
export async function renewableReportFile(identity: Identity, query: z.infer<typeof renewableReportQuery>) {
  const report = await renewableReport(identity, query, Infinity);
  const kwh = (wh: number) => Math.round(wh) / 1000;
  const body = await writeSheet(
    'renewable',
    [
      'orderNo',
      'stationName',
      'chargePointId',
      'startTime',
      'endTime',
      'energyKwh',
      'renewableKwh',
      'sharePct',
      'co2AvoidedKg',
    ],
    report.orders.map((o) => ({
      ...o,
      energyKwh: kwh(o.energyWh),
      renewableKwh: kwh(o.renewableWh),
      co2AvoidedKg: o.co2AvoidedG / 1000,
    })),
  );
  return { body, name: `renewable-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}.xlsx` };
}

/** The columns of a production sheet: the hour it started (UTC date-time) and its energy (kWh). */
export const PRODUCTION_COLUMNS = ['hour', 'kwh'] as const;

/**
 * POST /biz/renewable/importProduction?sourceId=: a sheet of hourly production for one of the caller's PV
 * arrays or turbines; every row is checked first and nothing is written unless all are good (a refused sheet
 * names its first bad row). An hour imported again is replaced, not added.
 */
export async function importProduction(
  identity: Identity,
  sourceId: string,
  rows: { row: number; values: Record<string, unknown> }[],
) {
  const source = await renewableSources.repo.get(identity.scope, sourceId);
  if (!source) throw notFound();
  if (source.sourceType === 'GREEN_CONTRACT') throw refused('energyRes.server.noProduction');
  const parsed = productionImportSchema.safeParse({
    sourceId,
    rows: rows.map(({ values }) => ({ hour: toIso(values.hour), kwh: values.kwh })),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const index = typeof issue?.path[1] === 'number' ? issue.path[1] : -1;
    throw refused('energyRes.server.badRow', { row: index >= 0 ? rows[index]!.row : 1 });
  }
  for (const r of parsed.data.rows)
    await setProduction(sourceId, new Date(r.hour).toISOString(), r.kwh * 1000);
  return { imported: parsed.data.rows.length };
}

/** A sheet's date-time cell as ISO (Excel gives dates; a text cell is taken as written). */
function toIso(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && !/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? new Date(ms).toISOString() : value;
}

/**
 * An energy box reported (functions/energybox/telemetry.ts): the growth of its production register
 * (`pvEnergyWh`) since its last report goes to the hour of this report, shared among the PV arrays and turbines
 * it reports for by their peak power. A register that went back (a reset) or a first report adds nothing.
 */
export async function boxProduced(report: {
  code: string;
  previous?: Record<string, unknown>;
  current: Record<string, unknown>;
  at: string;
}) {
  const before = Number(report.previous?.pvEnergyWh);
  const now = Number(report.current.pvEnergyWh);
  if (!Number.isFinite(before) || !Number.isFinite(now) || now <= before) return;
  const box = await energyBoxes.repo.getAny(report.code);
  if (!box) return;
  const sources = (await renewableSources.repo.list(String(box.tenant))).filter(
    (s) => s.energyBoxCode === report.code && s.sourceType !== 'GREEN_CONTRACT',
  );
  const peak = sources.reduce((sum, s) => sum + Number(s.peakPower ?? 0), 0);
  for (const s of sources)
    await addProduction(String(s.id), report.at, ((now - before) * Number(s.peakPower ?? 0)) / (peak || 1));
}
