/**
 * The console's charging-order calls (shared/topology/order-routes.ts names their codes):
 * - `POST /biz/chargeOrder/list` (4100): a page of orders, newest first, filtered by order number, station,
 *   charge point, id tag, pay flag and a start-time window of at most 2 years (the last 30 days by default);
 *   with `progress` 1, the sessions in progress instead, as unsettled orders (the real-time view's read);
 * - `POST /biz/chargeOrder/detail?id=` (4101): one order with its meter curve and its payer's names;
 * - `POST /biz/chargeOrder/realtime` (4103): the caller's sessions in progress with their live facts;
 * - `POST /biz/chargeOrder/reset?id=` (4102): re-runs settlement of one order;
 * - `POST /biz/profitOrder/list` (4300): the same list, of the orders whose revenue was shared.
 *
 * Every read is index key ranges (functions/data/orders.ts), never a table scan: a station filter reads its
 * gsi2 range (a charge point filter its station's), else an id tag filter its gsi3 range, otherwise one gsi1
 * range per company in scope; the other filters (charge point, id tag, pay flag) are conditions on that
 * range (at most ORDER_SCAN_LIMIT items examined per range and request). The total is known-so-far: the matches found up to ORDER_LOOKAHEAD_PAGES pages beyond the
 * asked one (exact when the ranges end before; otherwise a lower bound and `totalCapped`). Everything is
 * read in the caller's scope: a company sees its own and its sub-companies' orders and nothing of another
 * company, whatever it sends.
 */
import type { z } from 'zod';
import { CONNECTOR_STATES } from '@shared/ocpp/connector-state.ts';
import {
  ORDER_DEFAULT_DAYS,
  ORDER_EXPORT_CODE,
  ORDER_EXPORT_WINDOW_YEARS,
  ORDER_PROGRESS,
  ORDER_WINDOW_YEARS,
  type ActiveSession,
  type MeterPoint,
  type OrderDetail,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderView,
  type realtimeQuery,
} from '@shared/schemas/order.ts';
import {
  getOrder as getStoredOrder,
  readOrderRange,
  siteNames,
  wholeOrderRange,
  type OrderCondition,
  type OrderRange,
} from '@functions/data/orders.ts';
import { activeSessions } from '@functions/data/sessions.ts';
import { getLiveMany } from '@functions/chargepoints/live.ts';
import { chargePointById, chargePoints } from '@functions/chargepoints/sites.ts';
import {
  inReach,
  reachOf,
  requireCode,
  stationVisible,
  type Identity,
  type Reach,
} from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { queueExport } from '@functions/api/export-tasks.ts';
import { badRequest, notFound } from '@functions/lib/errors.ts';
import { newId, visible } from '@functions/lib/records.ts';
import {
  isRefused,
  normalise,
  sessionSamples,
  type MeterSample,
  type Session,
} from '@functions/sessions/transactions.ts';
import { orderNoOf } from '@functions/sessions/session-order.ts';
import { payerNames } from '@functions/accounts/payers.ts';
import { resettleOrder } from './settlement.ts';

const DAY = 86_400_000;
/** Items a filtered page may examine per key range and request. */
export const ORDER_SCAN_LIMIT = 20_000;
/**
 * Pages read beyond the asked one (shared among the key ranges read): the total is the number of orders found
 * that far, exact when the window holds fewer, else a lower bound (`totalCapped`). Counting a whole window is what a page would cost most
 * (DynamoDB Local spends about 0.1 ms per item examined; a month of a busy company is 2,000 orders).
 */
export const ORDER_LOOKAHEAD_PAGES = 5;
/** Charge points whose active sessions are read at once (the real-time view). */
const PARALLEL = 16;

/**
 * The start-time window of a list: the last 30 days by default (from `to`, or now), at most 2 years, or
 * 1 year for an export (a range longer than that, or reversed, is refused). Bounds are UTC ISO.
 */
export function orderWindow(
  fromText?: string,
  toText?: string,
  now = Date.now(),
  years: number = ORDER_WINDOW_YEARS,
) {
  const to = toText ? Date.parse(toText) : now;
  const from = fromText ? Date.parse(fromText) : to - ORDER_DEFAULT_DAYS * DAY;
  if (to < from) throw badRequest('server.rangeReversed');
  const limit = new Date(from);
  limit.setUTCFullYear(limit.getUTCFullYear() + years);
  if (to > limit.getTime())
    throw years === ORDER_EXPORT_WINDOW_YEARS
      ? badRequest('orderRes.server.exportTooLong')
      : badRequest('orderRes.server.windowTooLong', undefined, { years });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Fields a row never shows (keys, the tenant path). */
const isInternal = (k: string) => /^(pk|sk|gsi\d(pk|sk))$/.test(k) || k === 'tenant';
const show = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !isInternal(k))) as unknown as OrderView;

/** One key range of one index, with the filter that goes with it. */
interface Range {
  range: OrderRange;
  conditions: OrderCondition[];
}

/** The first `want` matching items of a range, newest first (see `readOrderRange`). */
const readRange = (r: Range, want: number) => readOrderRange(r.range, r.conditions, want, ORDER_SCAN_LIMIT);

/**
 * The key ranges a list request reads: a station's range (gsi2; a charge point filter reads its station's),
 * an id tag's range (gsi3), or one gsi1 range per company in scope. The other filters are conditions on it.
 * A caller bound to stations reads their stations' ranges only (a station outside them: nothing).
 */
async function rangesOf(
  reach: Reach,
  q: OrderExportQuery,
  from: string,
  to: string,
  options: ListOptions,
): Promise<Range[]> {
  const { scope } = reach;
  const timeRange = { from, to: `${to}~` };
  const inScope: OrderCondition = ['tenant', 'begins_with', scope];
  const conditions: OrderCondition[] = options.profitOnly ? [['profits', 'nonEmpty']] : [];
  if (q.chargePointId !== undefined) conditions.push(['chargePointId', '=', q.chargePointId]);
  let stationId = q.stationId;
  if (q.chargePointId !== undefined && stationId === undefined) {
    const pile = await getChargePoint(q.chargePointId);
    // Another company's pile: nothing. A pile no longer on record: its orders are found by the other ranges.
    if (pile && !visible(scope, String(pile.tenant))) return [];
    stationId = pile?.stationId as string | undefined;
  }
  if (stationId !== undefined && !stationVisible(reach, stationId)) return [];
  if (stationId !== undefined || reach.stations) {
    if (q.stationId !== undefined && q.chargePointId !== undefined)
      conditions.push(['stationId', '=', q.stationId]);
    if (q.idTag !== undefined) conditions.push(['idTag', '=', q.idTag]);
    if (q.payFlag !== undefined) conditions.push(['payFlag', '=', q.payFlag]);
    return (stationId !== undefined ? [stationId] : reach.stations!).map((id) => ({
      range: { by: 'station', stationId: id, ...timeRange },
      conditions: [inScope, ...conditions],
    }));
  }
  if (q.payFlag !== undefined) conditions.push(['payFlag', '=', q.payFlag]);
  if (q.idTag !== undefined)
    return [{ range: { by: 'idTag', idTag: q.idTag, ...timeRange }, conditions: [inScope, ...conditions] }];
  return (await tenantsInScope(scope)).map((tenant) => ({
    range: { by: 'company', tenant, ...timeRange },
    // A sub-company path may sort inside another company's range: the tenant must be the range's own.
    conditions: [['tenant', '=', tenant], ...conditions],
  }));
}

const getChargePoint = (chargePointId: string) => chargePointById(chargePointId);

const getOrder = (orderNo: string) => getStoredOrder<Record<string, unknown>>(orderNo);

/** Whether an order read by its number fits the other filters of the request. */
function fits(
  item: Record<string, unknown>,
  q: OrderExportQuery,
  from: string,
  to: string,
  windowed: boolean,
) {
  const start = String(item.startTime ?? '');
  return (
    (q.stationId === undefined || item.stationId === q.stationId) &&
    (q.chargePointId === undefined || item.chargePointId === q.chargePointId) &&
    (q.idTag === undefined || item.idTag === q.idTag) &&
    (q.payFlag === undefined || Number(item.payFlag ?? 0) === q.payFlag) &&
    (!windowed || (start >= from && start <= `${to}~`))
  );
}

/** Names of the stations and charge points of some orders or sessions (one batched read). */
async function namesOf(rows: { stationId?: string; chargePointId?: string }[]) {
  const stations = [...new Set(rows.map((r) => r.stationId).filter((v): v is string => !!v))];
  const piles = [...new Set(rows.map((r) => r.chargePointId).filter((v): v is string => !!v))];
  return siteNames(stations, piles);
}

async function withNames<T extends { stationId?: string; chargePointId?: string }>(rows: T[]) {
  const names = await namesOf(rows);
  return rows.map((r) => ({
    ...r,
    stationName: names.station(r.stationId),
    chargePointName: names.chargePoint(r.chargePointId),
  }));
}

/** `profitOnly`: the profit orders (4300), orders whose revenue was shared (`profits` not empty). */
interface ListOptions {
  profitOnly?: boolean;
}

const hasProfits = (item: Record<string, unknown>) => Array.isArray(item.profits) && item.profits.length > 0;

export async function listOrders(identity: Identity, q: OrderListQuery, options: ListOptions = {}) {
  const { from, to } = orderWindow(q.startTimeFrom, q.startTimeTo);
  const page = { current: q.current, size: q.size };
  if (q.progress === ORDER_PROGRESS.inProgress) return inProgressPage(identity, q, options, page);
  if (q.orderNo !== undefined) {
    const item = await getOrder(q.orderNo);
    const windowed = q.startTimeFrom !== undefined || q.startTimeTo !== undefined;
    const found =
      item &&
      inReach(identity, item) &&
      fits(item, q, from, to, windowed) &&
      (!options.profitOnly || hasProfits(item))
        ? [item]
        : [];
    const records = q.current === 1 ? await withNames(found.map(show)) : [];
    return { records, total: found.length, ...page };
  }
  const ranges = await rangesOf(identity, q, from, to, options);
  // Each range gives up to the asked page's end (the page may come from any one range), and a share of a few
  // pages beyond it: the total is what was found (exact when the ranges ended). Sharing the look-ahead keeps
  // a list over many companies from reading five pages of each (20 companies: 260 items, not 1,200).
  const ahead = q.current * q.size + Math.ceil((ORDER_LOOKAHEAD_PAGES * q.size) / Math.max(1, ranges.length));
  const reads = await Promise.all(ranges.map((r) => readRange(r, ahead)));
  const merged = reads
    .flatMap((r) => r.items)
    .sort(
      (a, b) =>
        String(b.startTime).localeCompare(String(a.startTime)) ||
        String(b.orderNo).localeCompare(String(a.orderNo)),
    );
  const start = (q.current - 1) * q.size;
  const records = await withNames(merged.slice(start, start + q.size).map(show));
  const totalCapped = reads.some((r) => r.more);
  const truncated = reads.some((r) => r.truncated);
  return {
    records,
    total: merged.length,
    ...page,
    from,
    to,
    ...(totalCapped ? { totalCapped } : {}),
    ...(truncated ? { truncated } : {}),
  };
}

// ---- Export ----------------------------------------------------------------------------------------------

/** Days of one slice of an export: the orders of a slice are read, sorted and written before the next. */
export const EXPORT_SLICE_DAYS = 30;

/** Every item of a range (no examination limit: an export reads its whole window). */
const readWhole = (r: Range) => wholeOrderRange(r.range, r.conditions);

const newestFirst = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(b.startTime).localeCompare(String(a.startTime)) ||
  String(b.orderNo).localeCompare(String(a.orderNo));

/**
 * The orders of an export, newest first, in slices of EXPORT_SLICE_DAYS (so memory holds one slice, and the
 * task can say how far it is): each slice's rows with names, and the share of the window done (0 to 1).
 * Same ranges, filters and scope as the list; `from`/`to` were fixed when the export was asked for.
 */
export async function* exportedOrders(
  reach: Reach,
  q: OrderExportQuery,
  from: string,
  to: string,
): AsyncGenerator<{ rows: OrderView[]; done: number }> {
  if (q.orderNo !== undefined) {
    const item = await getOrder(q.orderNo);
    const found = item && inReach(reach, item) && fits(item, q, from, to, true) ? [item] : [];
    yield { rows: await withNames(found.map(show)), done: 1 };
    return;
  }
  const start = Date.parse(from);
  const end = Date.parse(to);
  const span = Math.max(1, end - start);
  for (let sliceEnd = end; ; sliceEnd -= EXPORT_SLICE_DAYS * DAY) {
    const sliceStart = Math.max(start, sliceEnd - EXPORT_SLICE_DAYS * DAY);
    // Slices share their boundary instant: an order started exactly then is the older slice's.
    const fromIso = new Date(sliceStart).toISOString();
    const toIso = new Date(sliceEnd).toISOString();
    const ranges = await rangesOf(reach, q, fromIso, toIso, {});
    const items = (await Promise.all(ranges.map(readWhole))).flat();
    const rows = items.filter((i) => sliceStart === start || String(i.startTime) > fromIso);
    yield { rows: await withNames(rows.sort(newestFirst).map(show)), done: (end - sliceStart) / span };
    if (sliceStart === start) return;
  }
}

/**
 * Queues an Excel file of the orders matching the list's filters over at most 1 year (the last 30 days when
 * no start is given, fixed now). Writing the file is the exports queue's (functions/export/order-exporter.ts);
 * the task is listed in /fileExport, which is the Pro export menu: without 9100 it could not be fetched.
 */
export async function exportOrders(identity: Identity, q: OrderExportQuery): Promise<{ taskId: string }> {
  requireCode(identity, ORDER_EXPORT_CODE.files);
  if (q.progress === ORDER_PROGRESS.inProgress) throw badRequest('orderRes.server.exportInProgress');
  const { from, to } = orderWindow(q.startTimeFrom, q.startTimeTo, Date.now(), ORDER_EXPORT_WINDOW_YEARS);
  const taskId = newId();
  await queueExport({
    taskId,
    taskName: `orders-${from.slice(0, 10)}-${to.slice(0, 10)}`,
    kind: 'orders',
    agentId: identity.operator?.id ?? '',
    params: { ...reachOf(identity), query: { ...q, startTimeFrom: from, startTimeTo: to } },
  });
  return { taskId };
}

// ---- Detail -----------------------------------------------------------------------------------------------

const reading = (sample: MeterSample, measurand: string) => {
  const values = sample.values.filter((v) => v.measurand === measurand);
  const pick = values.find((v) => !v.phase) ?? values[0];
  return pick ? normalise(pick) : undefined;
};

/** The meter curve of a session: energy register, power and state of charge per sample, in time order. */
export function curveOf(samples: MeterSample[]): MeterPoint[] {
  return [...samples]
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((s) => {
      const point: MeterPoint = { at: s.timestamp };
      const energy = reading(s, 'Energy.Active.Import.Register');
      const power = reading(s, 'Power.Active.Import');
      const soc = reading(s, 'SoC');
      if (energy !== undefined) point.energyWh = energy;
      if (power !== undefined) point.powerW = power;
      if (soc !== undefined) point.soc = soc;
      return point;
    })
    .filter((p) => p.energyWh !== undefined || p.powerW !== undefined || p.soc !== undefined);
}

/** An order the caller may see, or "not found". */
export async function visibleOrder(identity: Identity, id: unknown) {
  const orderNo = String(id ?? '').trim();
  const item = orderNo ? await getOrder(orderNo) : undefined;
  if (!item || !inReach(identity, item)) throw notFound();
  return item;
}

export async function orderDetail(identity: Identity, id: unknown): Promise<OrderDetail> {
  const item = await visibleOrder(identity, id);
  const [[order], samples, payer] = await Promise.all([
    withNames([show(item)]),
    sessionSamples(
      String(item.chargePointId),
      String(item.transactionId),
      item.endTime === undefined ? undefined : String(item.endTime),
    ),
    payerNames(identity.scope, item),
  ]);
  return { ...order!, ...payer, curve: curveOf(samples) };
}

// ---- Real-time view ---------------------------------------------------------------------------------------

/** The charge points in reach (id, name, station), optionally of one station or one pile. */
async function pilesInReach(reach: Reach, stationId?: string, chargePointId?: string) {
  const piles = await pilesInScope(reach.scope, stationId, chargePointId);
  return piles.filter((p) => stationVisible(reach, p.stationId));
}

async function pilesInScope(
  scope: string,
  stationId?: string,
  chargePointId?: string,
): Promise<Record<string, unknown>[]> {
  if (chargePointId) {
    const pile = await chargePointById(chargePointId);
    return pile && visible(scope, String(pile.tenant)) && (!stationId || pile.stationId === stationId)
      ? [pile]
      : [];
  }
  const piles = await chargePoints.repo.list(scope);
  return stationId ? piles.filter((p) => p.stationId === stationId) : piles;
}

async function activeSessionsOf(chargePointId: string): Promise<Session[]> {
  return ((await activeSessions(chargePointId)) as unknown as Session[]).filter((s) => s.status === 'active');
}

/**
 * The caller's sessions in progress: the charge points in scope (gsi1), each one's active sessions (its
 * `TXACTIVE#` partition of gsi2) and live connector states (one batched read), newest first.
 */
export async function realtimeSessions(
  identity: Identity,
  q: z.infer<typeof realtimeQuery>,
  now = Date.now(),
) {
  const piles = await pilesInReach(identity, q.stationId, q.chargePointId);
  const sessions: Session[] = [];
  for (let i = 0; i < piles.length; i += PARALLEL)
    sessions.push(
      ...(await Promise.all(piles.slice(i, i + PARALLEL).map((p) => activeSessionsOf(String(p.id))))).flat(),
    );
  const inScope = sessions.filter((s) => inReach(identity, s));
  const live = await getLiveMany([...new Set(inScope.map((s) => s.chargePointId))]);
  const pileName = new Map(piles.map((p) => [String(p.id), p.name as string | undefined]));
  const names = await namesOf(inScope.map((s) => ({ stationId: s.stationId })));
  const records: ActiveSession[] = inScope
    .map((s) => {
      const l = live.get(s.chargePointId);
      const connector = l?.connectors[String(s.connectorNo)];
      const state = !l?.online
        ? 'offline'
        : connector && (CONNECTOR_STATES as readonly string[]).includes(connector.state)
          ? connector.state
          : undefined;
      return {
        orderNo: orderNoOf(s),
        chargePointId: s.chargePointId,
        chargePointName: pileName.get(s.chargePointId),
        stationId: s.stationId,
        stationName: names.station(s.stationId),
        connectorNo: s.connectorNo,
        transactionId: s.transactionId,
        idTag: s.idTag,
        startTime: s.startTime,
        energyWh: Math.max(0, Math.round((s.lastMeterWh ?? s.meterStartWh) - s.meterStartWh)),
        powerW: s.lastPowerW,
        soc: s.soc,
        startSoc: s.startSoc,
        durationSeconds: Math.max(0, Math.round((now - Date.parse(s.startTime)) / 1000)),
        lastSampleAt: s.lastSampleAt,
        state,
        online: Boolean(l?.online),
        ...(isRefused(s) ? { refused: true } : {}),
      };
    })
    .sort((a, b) => b.startTime.localeCompare(a.startTime));
  return { records, total: records.length, at: new Date(now).toISOString() };
}

/**
 * The list filtered to orders in progress: the sessions in progress in reach (as the real-time view reads
 * them, of the station or charge point asked), with the other filters: order number, id tag, the start-time
 * window only when one is given (a session may have started before the default 30 days); a pay flag matches
 * none (nothing is settled yet), nor does the profit list. Rows are marked `progress` 1 and carry what the
 * ended orders' columns show (energy so far, time so far).
 */
async function inProgressPage(
  identity: Identity,
  q: OrderListQuery,
  options: ListOptions,
  page: { current: number; size: number },
) {
  const windowed = q.startTimeFrom !== undefined || q.startTimeTo !== undefined;
  const { from, to } = orderWindow(q.startTimeFrom, q.startTimeTo);
  const { records: sessions } =
    q.payFlag !== undefined || options.profitOnly
      ? { records: [] as ActiveSession[] }
      : await realtimeSessions(identity, { stationId: q.stationId, chargePointId: q.chargePointId });
  const found = sessions.filter(
    (s) =>
      (q.orderNo === undefined || s.orderNo === q.orderNo) &&
      (q.idTag === undefined || s.idTag === q.idTag) &&
      (!windowed || (s.startTime >= from && s.startTime <= `${to}~`)),
  );
  const start = (page.current - 1) * page.size;
  const records = found.slice(start, start + page.size).map((s) => ({
    id: s.orderNo,
    orderNo: s.orderNo,
    stationId: s.stationId,
    stationName: s.stationName,
    chargePointId: s.chargePointId,
    chargePointName: s.chargePointName,
    connectorNo: s.connectorNo,
    transactionId: s.transactionId,
    idTag: s.idTag,
    startTime: s.startTime,
    totalTime: s.durationSeconds,
    energyWh: s.energyWh,
    progress: ORDER_PROGRESS.inProgress,
  }));
  return { records, total: found.length, ...page, ...(windowed ? { from, to } : {}) };
}

// ---- Reset ------------------------------------------------------------------------------------------------

/** Re-runs settlement of an order the caller may see; answers what settlement did. */
export async function resetOrder(identity: Identity, id: unknown) {
  const item = await visibleOrder(identity, id);
  const result = await resettleOrder(String(item.orderNo));
  return { orderNo: String(item.orderNo), result };
}
