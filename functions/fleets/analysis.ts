/**
 * /analysis: a fleet's energy, cost and sessions over an analytics window (7, 14, 28, 30 or 60
 * days, ending today), by day for the chart with the window's totals, and per vehicle or driver for the
 * table, a page of members at a time. Read ONLY from the fleet rollups settlement writes with each order
 * (functions/data/fleet-rollups.ts): one Query for the fleet's days, one per member shown. Cost in the
 * currency's units with four decimals (summed as ten-thousandths), downloadable as Excel. The dashboard's
 * today and month come from the same rollups.
 */
import {
  fleetDaysBetween,
  fleetTimeZones,
  memberDaysBetween,
  type FleetFigures,
} from '@functions/data/fleet-rollups.ts';
import type { Identity } from '@functions/identity/access.ts';
import { addDays } from '@shared/pricing/metrics.ts';
import { latestLocalDate } from '@shared/pricing/time-of-use.ts';
import { writeSheet } from '@functions/lib/excel.ts';
import {
  driverRecords,
  fleetInReach,
  fleetMembersPage,
  noFleetPicked,
  vehicleRecords,
} from '@functions/accounts/fleets.ts';

type Day = FleetFigures & { day: string };

/** The fleet's "today": its days are its stations' local dates (docs/decisions/455). */
const fleetDay = async (fleetId: string, now = Date.now()) =>
  latestLocalDate(await fleetTimeZones(fleetId), now);
const money = (units: number) => units / 10_000;

function sum(days: Day[]) {
  const total = days.reduce(
    (t, d) => ({
      energyWh: t.energyWh + d.energyWh,
      costUnits: t.costUnits + d.costUnits,
      sessions: t.sessions + d.sessions,
    }),
    { energyWh: 0, costUnits: 0, sessions: 0 },
  );
  return { energyKwh: total.energyWh / 1000, cost: money(total.costUnits), sessions: total.sessions };
}

export interface AnalysisQuery {
  fleetId?: string;
  days: number;
  kind: 'vehicle' | 'driver';
  current: number;
  size: number;
}

export async function fleetAnalysis(identity: Identity, query: AnalysisQuery) {
  if (noFleetPicked(identity, query.fleetId)) {
    const endDay = latestLocalDate([]);
    const startDay = addDays(endDay, 1 - query.days);
    return { startDay, endDay, series: [], totals: sum([]), records: [], total: 0 };
  }
  const fleet = await fleetInReach(identity, query.fleetId);
  const endDay = await fleetDay(String(fleet.id));
  const startDay = addDays(endDay, 1 - query.days);
  const r = query.kind === 'driver' ? driverRecords : vehicleRecords;
  const [days, page] = await Promise.all([
    fleetDaysBetween(fleet.id, startDay, endDay),
    fleetMembersPage(r, fleet, query),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series = Array.from({ length: query.days }, (_, i) => {
    const day = addDays(startDay, i);
    const found = byDay.get(day);
    return { day, ...sum(found ? [found] : []) };
  });
  const records = await Promise.all(
    page.records.map(async (member) => ({
      id: member.id,
      name: member.name,
      idTag: member.idTag,
      ...(query.kind === 'vehicle'
        ? { licensePlateNumber: member.licensePlateNumber, vin: member.vin }
        : { email: member.email }),
      ...sum(await memberDaysBetween(String(member.id), startDay, endDay)),
    })),
  );
  return { startDay, endDay, series, totals: sum(days), records, total: page.total };
}

/** Today's and this month's figures of a fleet (the dashboard). */
export async function fleetToday(fleetId: string, now = Date.now()) {
  const endDay = await fleetDay(fleetId, now);
  const days = await fleetDaysBetween(fleetId, `${endDay.slice(0, 8)}01`, endDay);
  return { today: sum(days.filter((d) => d.day === endDay)), month: sum(days) };
}

/** The most members a download lists (a fleet's whole roster in practice). */
const FILE_MEMBERS = 5000;

/** The window's per-member table of a fleet as an Excel file (every member, by the fleet's index order). */
export async function fleetAnalysisFile(identity: Identity, query: Omit<AnalysisQuery, 'current' | 'size'>) {
  const fleet = await fleetInReach(identity, query.fleetId);
  const analysis = await fleetAnalysis(identity, {
    ...query,
    fleetId: fleet.id,
    current: 1,
    size: FILE_MEMBERS,
  });
  const columns = [
    'name',
    'idTag',
    ...(query.kind === 'vehicle' ? ['licensePlateNumber', 'vin'] : ['email']),
    'sessions',
    'energyKwh',
    'cost',
  ];
  return {
    name: `fleet-analysis-${fleet.id}-${analysis.startDay}-${analysis.endDay}.xlsx`,
    body: await writeSheet('analysis', columns, analysis.records),
  };
}
