/**
 * Alarm statistics kept as alarms arrive (docs/architecture.md section 3: aggregates are rollups, never a
 * scan of the facts). Per company (tenant) and UTC day of the alarm's start, in one partition
 * `ALARMSTAT#{tenant}`:
 * - `{day}#T`: total, offline, and l1..l4 (per level);
 * - `{day}#C#{code}`: n, per alarm code;
 * - `{day}#P#{chargePointId}`: n, with the charger's and station's names, per charger.
 * The same three kinds of items are kept per station in `ALARMSTAT#S#{stationId}` (station ids are unique
 * across companies), for users bound to stations (docs/decisions/190).
 * Every count is an atomic ADD (all in one transaction), so concurrent alarms never lose a count. The
 * 30-day statistics read one key range of that partition per company in scope (per bound station).
 * The items, their keys and the window's key range are functions/data/alarm-stats.ts's.
 */
import { ALARM_TOP, OFFLINE_FLAG, type AlarmRecord, type AlarmStat } from '@shared/schemas/alarm.ts';
import { alarmStatRows, companyOwner, countAlarm, stationOwner } from '@functions/data/alarm-stats.ts';

const DAY = 86_400_000;

type Counted = Pick<
  AlarmRecord,
  'startTime' | 'level' | 'code' | 'offlineFlag' | 'chargePointId' | 'chargePointName' | 'stationName'
> & { stationId?: string };

export const dayOf = (iso: string) => new Date(Date.parse(iso)).toISOString().slice(0, 10);

/** Counts one raised alarm into its company's rollup of the day it started. */
export async function addToRollup(tenant: string, alarm: Counted): Promise<void> {
  await countAlarm([companyOwner(tenant), ...(alarm.stationId ? [stationOwner(alarm.stationId)] : [])], {
    day: dayOf(alarm.startTime),
    level: alarm.level,
    offline: alarm.offlineFlag === OFFLINE_FLAG.offline,
    code: alarm.code,
    chargePointId: alarm.chargePointId,
    // The charger's names as of its latest alarm that day (the ranking shows them).
    chargePointName: alarm.chargePointName,
    stationName: alarm.stationName,
  });
}

/** The UTC days from `startDay` to `endDay`, both included. */
export function daysBetween(startDay: string, endDay: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(startDay); t <= Date.parse(endDay); t += DAY)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The statistics of the given rollup owners (companies, or bound stations: `companyOwner`, `stationOwner`)
 * over whole days (the caller keeps the window within 30 days).
 */
export async function readStats(owners: string[], startDay: string, endDay: string): Promise<AlarmStat> {
  const days = new Map(
    daysBetween(startDay, endDay).map((day) => [
      day,
      { day, total: 0, offline: 0, levels: { '1': 0, '2': 0, '3': 0, '4': 0 } as Record<string, number> },
    ]),
  );
  const codes = new Map<string, number>();
  const chargers = new Map<string, AlarmStat['chargers'][number]>();
  const rows = (await Promise.all(owners.map((o) => alarmStatRows(o, startDay, endDay)))).flat();
  for (const { day, kind, values: item } of rows) {
    const bucket = days.get(day);
    if (!bucket) continue;
    if (kind === 'T') {
      bucket.total += Number(item.total ?? 0);
      bucket.offline += Number(item.offline ?? 0);
      for (const level of ['1', '2', '3', '4']) bucket.levels[level]! += Number(item[`l${level}`] ?? 0);
    } else if (kind === 'C') {
      const code = String(item.code);
      codes.set(code, (codes.get(code) ?? 0) + Number(item.n ?? 0));
    } else if (kind === 'P') {
      const id = String(item.chargePointId);
      const entry = chargers.get(id) ?? { chargePointId: id, count: 0 };
      entry.count += Number(item.n ?? 0);
      // The newest day's names win (items arrive oldest day first per company).
      if (item.chargePointName) entry.chargePointName = String(item.chargePointName);
      if (item.stationName) entry.stationName = String(item.stationName);
      chargers.set(id, entry);
    }
  }
  const perDay = [...days.values()];
  const top = <T extends { count: number }>(list: T[], key: (t: T) => string) =>
    list.sort((a, b) => b.count - a.count || key(a).localeCompare(key(b))).slice(0, ALARM_TOP);
  return {
    startDay,
    endDay,
    total: perDay.reduce((sum, d) => sum + d.total, 0),
    offline: perDay.reduce((sum, d) => sum + d.offline, 0),
    days: perDay,
    levels: [1, 2, 3, 4].map((level) => ({
      level,
      count: perDay.reduce((sum, d) => sum + (d.levels[String(level)] ?? 0), 0),
    })),
    codes: top(
      [...codes].map(([code, count]) => ({ code, count })),
      (c) => c.code,
    ),
    chargers: top([...chargers.values()], (c) => c.chargePointId),
  };
}
