/**
 * The alarm lists and statistics behind the biz domain's alarm calls (functions/biz/handler.ts binds them;
 * shared/topology/alarm-routes.ts names their permission codes):
 * - `POST /biz/alarm/list` (5100): a page of every alarm, fault alarms and offline records (a charger's
 *   outages are alarms too: docs/decisions/460-offline-alarm-and-charger-health.md), or of one kind
 *   (`offlineFlag`); `POST /biz/alarm/offlineList` (5200): of offline records only. Both within a window of at
 *   most 30 days (the last 30 by default), filtered by charger, station, code, level and status, newest first
 *   unless `orderBy` names another field;
 * - `POST /biz/alarm/stat` (5300): the statistics of at most 30 whole days, from the daily rollups.
 * Everything is read in the caller's scope: a company sees its own and its sub-companies' chargers' alarms.
 */
import type { z } from 'zod';
import { ALARM_WINDOW_DAYS, type AlarmListQuery, type alarmStatQuery } from '@shared/schemas/alarm.ts';
import { inReach, type Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { companyOwner, stationOwner } from '@functions/data/alarm-stats.ts';
import { badRequest } from '@functions/lib/errors.ts';
import { paginate } from '@functions/lib/records.ts';
import { alarms } from '@functions/data/alarms.ts';
import { dayOf, readStats } from './stats.ts';

const DAY = 86_400_000;

/** A window of at most 30 days ending at `endTime` (now by default); reversed or longer ones are refused. */
export function alarmWindow(startTime?: string, endTime?: string): { start: number; end: number } {
  const end = endTime ? Date.parse(endTime) : Date.now();
  const start = startTime ? Date.parse(startTime) : end - ALARM_WINDOW_DAYS * DAY;
  if (end < start) throw badRequest('server.rangeReversed');
  if (end - start > ALARM_WINDOW_DAYS * DAY)
    throw badRequest('server.rangeTooLong', undefined, { days: ALARM_WINDOW_DAYS });
  return { start, end };
}

/** Fields a list row never shows (guards, the tenant); the repository's reads leave keys out already. */
const HIDDEN = new Set(['tenant', 'openKey', 'since']);

function show(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !HIDDEN.has(k)));
}

/**
 * One company's alarms of a kind that started within the window, newest first: one key range of the
 * (offlineFlag, startTime) view, filtered by the request's equality filters (and, for a caller bound to
 * stations, to their stations); at most FILTER_SCAN_LIMIT items examined (`truncated` says so).
 */
function readWindow(
  tenant: string,
  offlineFlag: number,
  query: AlarmListQuery,
  stations: readonly string[] | undefined,
  start: number,
  end: number,
) {
  return alarms.viewRange(0, tenant, {
    values: { offlineFlag },
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    desc: true,
    filters: Object.fromEntries(
      (['chargePointId', 'stationId', 'code', 'level', 'status'] as const).map((f) => [f, query[f]]),
    ),
    within: stations && { field: 'stationId', values: stations },
  });
}

const SORTABLE = new Set([
  'startTime',
  'endTime',
  'duration',
  'level',
  'code',
  'chargePointId',
  'connectorId',
]);

/** The alarms of the kinds `offlineFlags` names (fault alarms, offline records or both) in the caller's scope. */
export async function listAlarms(identity: Identity, query: AlarmListQuery, offlineFlags: readonly number[]) {
  const { start, end } = alarmWindow(query.startTime, query.endTime);
  const tenants = await tenantsInScope(identity.scope);
  const reads = await Promise.all(
    tenants.flatMap((t) =>
      offlineFlags.map((flag) => readWindow(t, flag, query, identity.stations, start, end)),
    ),
  );
  const found = reads
    .flatMap((r) => r.items as unknown as Record<string, unknown>[])
    .filter((item) => inReach(identity, item))
    .sort(
      (a, b) =>
        String(b.startTime).localeCompare(String(a.startTime)) || String(b.id).localeCompare(String(a.id)),
    )
    .map(show);
  const orderBy = query.orderBy && SORTABLE.has(query.orderBy) ? query.orderBy : undefined;
  const page = paginate(found, { current: query.current, size: query.size, orderBy, order: query.order });
  const truncated = reads.some((r) => r.truncated);
  return { ...page, ...(truncated ? { truncated } : {}) };
}

/** The statistics of the caller's scope over whole UTC days, at most 30 (the last 30 by default). */
export async function alarmStats(identity: Identity, query: z.infer<typeof alarmStatQuery>) {
  const endDay = dayOf(query.endTime ?? new Date().toISOString());
  const startDay = query.startTime
    ? dayOf(query.startTime)
    : dayOf(new Date(Date.parse(endDay) - (ALARM_WINDOW_DAYS - 1) * DAY).toISOString());
  if (endDay < startDay) throw badRequest('server.rangeReversed');
  if ((Date.parse(endDay) - Date.parse(startDay)) / DAY + 1 > ALARM_WINDOW_DAYS)
    throw badRequest('server.rangeTooLong', undefined, { days: ALARM_WINDOW_DAYS });
  const owners = identity.stations
    ? identity.stations.map(stationOwner)
    : (await tenantsInScope(identity.scope)).map(companyOwner);
  return readStats(owners, startDay, endDay);
}
