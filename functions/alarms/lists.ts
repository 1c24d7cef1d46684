/**
 * The alarm lists and statistics behind the biz domain's alarm calls (functions/biz/handler.ts binds them;
 * infra/topology/alarm-routes.ts names their permission codes):
 * - `POST /biz/alarm/list` (5100) and `POST /biz/alarm/offlineList` (5200): a page of fault alarms or of
 *   offline records within a window of at most 30 days (the last 30 by default), filtered by charger,
 *   station, code, level and status, newest first unless `orderBy` names another field;
 * - `POST /biz/alarm/stat` (5300): the statistics of at most 30 whole days, from the daily rollups.
 * Everything is read in the caller's scope: a company sees its own and its sub-companies' chargers' alarms.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { ALARM_WINDOW_DAYS, type AlarmListQuery, type alarmStatQuery } from '@shared/schemas/alarm.ts';
import { inReach, type Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { badRequest } from '@functions/lib/errors.ts';
import { FILTER_SCAN_LIMIT, membership, paginate, sortKeyOf, table } from '@functions/lib/store.ts';
import { alarms } from './service.ts';
import { companyStatPartition, dayOf, readStats, stationStatPartition } from './stats.ts';

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

/** Fields a list row never shows (keys, guards, the tenant). */
const HIDDEN = new Set(['tenant', 'openKey', 'since']);
const isInternal = (k: string) => /^(pk|sk|gsi\d(pk|sk))$/.test(k) || k.startsWith('s_') || HIDDEN.has(k);

function show(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !isInternal(k)));
}

/**
 * The equality filters of a list request, as a filter expression on the window's partition; a caller bound
 * to stations sees their stations' alarms only.
 */
function filterOf(query: AlarmListQuery, stations: readonly string[] | undefined) {
  const given = (['chargePointId', 'stationId', 'code', 'level', 'status'] as const).flatMap((f) =>
    query[f] === undefined ? [] : [[f, query[f]] as const],
  );
  const bound = stations && membership('stationId', stations, 'st');
  if (given.length === 0 && !bound) return undefined;
  return {
    FilterExpression: [...given.map((_, i) => `#f${i} = :f${i}`), ...(bound ? [bound.expression] : [])].join(
      ' AND ',
    ),
    names: { ...Object.fromEntries(given.map(([f], i) => [`#f${i}`, f])), ...bound?.names },
    values: { ...Object.fromEntries(given.map(([, v], i) => [`:f${i}`, v])), ...bound?.values },
  };
}

/**
 * One company's alarms of a kind that started within the window, newest first: one key range of the
 * (offlineFlag, startTime) view, filtered; at most FILTER_SCAN_LIMIT items examined (`truncated` says so).
 */
async function readWindow(
  tenant: string,
  offlineFlag: number,
  query: AlarmListQuery,
  stations: readonly string[] | undefined,
  start: number,
  end: number,
) {
  const filter = filterOf(query, stations);
  const items: Record<string, unknown>[] = [];
  let scanned = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
        ...(filter
          ? { FilterExpression: filter.FilterExpression, ExpressionAttributeNames: filter.names }
          : {}),
        ExpressionAttributeValues: {
          ':pk': alarms.viewPartition(0, tenant, { offlineFlag }),
          ':from': sortKeyOf(new Date(start).toISOString()),
          ':to': `${sortKeyOf(new Date(end).toISOString())}|~`,
          ...filter?.values,
        },
        ScanIndexForward: false,
        Limit: Math.min(2000, FILTER_SCAN_LIMIT - scanned),
        ExclusiveStartKey,
      }),
    );
    scanned += page.ScannedCount ?? 0;
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && scanned < FILTER_SCAN_LIMIT);
  return { items, truncated: !!ExclusiveStartKey };
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

export async function listAlarms(identity: Identity, query: AlarmListQuery, offlineFlag: number) {
  const { start, end } = alarmWindow(query.startTime, query.endTime);
  const tenants = await tenantsInScope(identity.scope);
  const reads = await Promise.all(
    tenants.map((t) => readWindow(t, offlineFlag, query, identity.stations, start, end)),
  );
  const found = reads
    .flatMap((r) => r.items)
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
  const partitions = identity.stations
    ? identity.stations.map(stationStatPartition)
    : (await tenantsInScope(identity.scope)).map(companyStatPartition);
  return readStats(partitions, startDay, endDay);
}
