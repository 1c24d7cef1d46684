/**
 * Queue orders (docs/decisions/279-charging-queue.md; docs/product.md sections 2 and 6; /waitOrder): a
 * driver's idTag waits for a connector of a station.
 * - `POST /biz/waitOrder/add` (4501): `stationId`, `idTag`; one waiting entry per idTag and station (a guard
 *   item `WAITGUARD#{station}#{idTag}` written with the entry in one transaction, held while the entry is
 *   waiting or called). When a connector of the station is free at that moment, the entry is called at once.
 * - `POST /biz/waitOrder/list` (4500): per station in order of arrival (`position` 1, 2... among the
 *   waiting), or the company's entries newest first; filters `status`, `idTag`.
 * - `POST /biz/waitOrder/cancel?id=` (4501): waiting or called → cancelled.
 * - A connector of the station becoming Available (functions/ocpp/status.ts) calls the first waiting entry:
 *   `called` with the connector and `calledAt`. One called entry per connector: a guard item
 *   `WAITCALL#{charger}#{connector}` written with the call and dropped when the entry leaves.
 * - A called entry not served within WAIT_CALL_MINUTES (15) expires (the sweep) and the next one is called
 *   when the connector is still available.
 * - A session starting at the station with the entry's idTag marks it `served` (whatever connector).
 * Every move is conditional on the status read: a cancel racing a call or a session ends the entry once.
 */
import { cancellationCodes } from '@functions/lib/conditional.ts';
import type { z } from 'zod';
import type { Connector } from '@shared/resources/site/charge-point.ts';
import {
  RESERVE_DEFAULT_DAYS,
  WAIT_CALL_MINUTES,
  type waitAddSchema,
  type waitListSchema,
  type WaitOrderView,
  type WaitStatus,
} from '@shared/schemas/reservation.ts';
import { getLive, getLiveMany } from '@functions/chargepoints/live.ts';
import { pilesOfStation, visibleStation } from '@functions/chargepoints/sites.ts';
import { inReach, stationVisible, type Identity } from '@functions/identity/access.ts';
import { companyOfTenant, tenantsInScope } from '@functions/identity/tenants.ts';
import {
  activeWaitOrderId,
  calledBefore,
  companyEntries,
  getWaitOrder,
  stationEntries,
  stationWaiting,
  waitAdd,
  waitCall,
  waitLeave,
  type WaitLeaveSet,
} from '@functions/data/waiting-queue.ts';
import { withoutKeys } from '@functions/data/table.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { logger } from '@functions/lib/logger.ts';
import { newId } from '@functions/lib/records.ts';

const DAY = 86_400_000;
/** Entries a list reads per key range and request. */
const WAIT_SCAN_LIMIT = 5_000;

type Entry = WaitOrderView & { tenant: string; agentId: string };

const ACTIVE: readonly WaitStatus[] = ['waiting', 'called'];

const getEntry = (id: string) => getWaitOrder<Entry>(id);

/** A record as the console sees it: without keys. */
const view = (entry: Entry): WaitOrderView =>
  withoutKeys<WaitOrderView>(entry as unknown as Record<string, unknown>);

/**
 * An active entry leaves the queue (served, cancelled, expired): conditional on the status read, its
 * guards dropped in the same transaction. False when it was no longer in that status.
 */
async function leave(entry: Entry, to: WaitStatus, set: WaitLeaveSet): Promise<boolean> {
  if (!ACTIVE.includes(entry.status)) return false;
  try {
    await waitLeave(entry, to, set);
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/** The station's waiting entries in order of arrival. */
const waitingAt = async (stationId: string) => (await stationWaiting(stationId)) as unknown as Entry[];

/**
 * Calls the first waiting entry of the station to a connector that is free, unless an entry is already
 * called to it. Returns the called entry.
 */
export async function callNext(
  stationId: string,
  chargePointId: string,
  connectorNo: number,
  at = new Date().toISOString(),
): Promise<Entry | undefined> {
  for (const entry of await waitingAt(stationId)) {
    try {
      await waitCall(entry.id, chargePointId, connectorNo, at);
      return { ...entry, status: 'called', chargePointId, connectorNo, calledAt: at };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      // Someone is already called to this connector: nothing to do.
      if (codes[0] === 'ConditionalCheckFailed') return undefined;
      // The entry left meanwhile: the next one.
    }
  }
  return undefined;
}

/** Whether a connector is free for a called driver (its live state, from the charger). */
async function isAvailable(chargePointId: string, connectorNo: number) {
  const live = await getLive(chargePointId);
  return live.online && live.connectors[String(connectorNo)]?.state === 'available';
}

/** The ocpp side: a connector of a station became available. */
export async function connectorAvailable(stationId: string, chargePointId: string, connectorNo: number) {
  if (!stationId || connectorNo < 1) return;
  try {
    await callNext(stationId, chargePointId, connectorNo);
  } catch (error) {
    // Never fails the charger's status report; the next report or a cancel calls again.
    logger.error('Calling the queue failed', { chargePointId, connectorNo, error: String(error) });
  }
}

/** The ocpp side: a session started; the idTag's entry at the station is served. */
export async function queueSessionStarted(session: {
  stationId: string;
  idTag?: string;
  chargePointId: string;
  connectorNo: number;
  transactionId: string;
  startTime: string;
}) {
  if (!session.idTag || !session.stationId) return;
  const orderId = await activeWaitOrderId(session.stationId, session.idTag);
  const entry = orderId ? await getEntry(orderId) : undefined;
  if (!entry) return;
  const servedAt = new Date().toISOString();
  const left = await leave(entry, 'served', {
    servedAt,
    transactionId: session.transactionId,
    servedChargePointId: session.chargePointId,
    servedConnectorNo: session.connectorNo,
  });
  // Called to another connector: that one is free for the next driver.
  if (
    left &&
    entry.status === 'called' &&
    entry.chargePointId &&
    entry.connectorNo !== undefined &&
    (entry.chargePointId !== session.chargePointId || entry.connectorNo !== session.connectorNo) &&
    (await isAvailable(entry.chargePointId, entry.connectorNo))
  )
    await callNext(entry.stationId, entry.chargePointId, entry.connectorNo);
}

/** The sweep: called entries not served within WAIT_CALL_MINUTES expire and the next one is called. */
export async function sweepQueue(now = Date.now()): Promise<{ expired: number }> {
  const cutoff = new Date(now - WAIT_CALL_MINUTES * 60_000).toISOString();
  let expired = 0;
  const Items = await calledBefore(cutoff);
  for (const item of Items as Entry[]) {
    try {
      const entry = await getEntry(item.id);
      if (!entry || entry.status !== 'called') continue;
      if (!(await leave(entry, 'expired', { expiredAt: new Date(now).toISOString() }))) continue;
      expired++;
      if (
        entry.chargePointId &&
        entry.connectorNo !== undefined &&
        (await isAvailable(entry.chargePointId, entry.connectorNo))
      )
        await callNext(entry.stationId, entry.chargePointId, entry.connectorNo);
    } catch (error) {
      logger.error('Sweeping a queue entry failed', { id: item.id, error: String(error) });
    }
  }
  return { expired };
}

// ---- The console's calls -------------------------------------------------------------------------------------

/** POST /biz/waitOrder/add (4501). */
export async function addWait(identity: Identity, input: z.infer<typeof waitAddSchema>) {
  const station = await visibleStation(identity, input.stationId);
  if (!station) throw notFound();
  const id = newId();
  const createTime = new Date().toISOString();
  const entry: Entry & Record<string, unknown> = {
    id,
    tenant: station.tenant,
    agentId: companyOfTenant(station.tenant),
    stationId: station.id,
    stationName: String(station.name ?? ''),
    idTag: input.idTag,
    status: 'waiting',
    createTime,
    createdBy: identity.user.username,
  };
  try {
    await waitAdd(entry);
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException')
      throw refused('reservationRes.server.alreadyWaiting');
    throw error;
  }
  // A connector free right now calls the queue at once (the first waiting, which may be this one).
  const piles = await pilesOfStation(station.tenant, station.id);
  const live = await getLiveMany(piles.map((p) => p.id));
  for (const pile of piles) {
    const state = live.get(pile.id);
    if (!state?.online) continue;
    for (const c of (pile.connectors as Connector[] | undefined) ?? [])
      if (state.connectors[String(c.connectorNo)]?.state === 'available')
        await callNext(station.id, pile.id, c.connectorNo);
  }
  return view((await getEntry(id))!);
}

async function entryInScope(identity: Identity, id: unknown): Promise<Entry> {
  if (typeof id !== 'string' || !id) throw notFound();
  const entry = await getEntry(id);
  if (!entry || !inReach(identity, entry)) throw notFound();
  return entry;
}

/** POST /biz/waitOrder/cancel?id= (4501). */
export async function cancelWait(identity: Identity, id: unknown) {
  const entry = await entryInScope(identity, id);
  if (!(await leave(entry, 'cancelled', { cancelTime: new Date().toISOString() })))
    throw refused('reservationRes.server.notCancellable');
  if (
    entry.status === 'called' &&
    entry.chargePointId &&
    entry.connectorNo !== undefined &&
    (await isAvailable(entry.chargePointId, entry.connectorNo))
  )
    await callNext(entry.stationId, entry.chargePointId, entry.connectorNo);
  return view((await getEntry(entry.id))!);
}

/** Positions 1, 2... of the waiting entries of each station, in order of arrival. */
function withPositions(entries: Entry[]): WaitOrderView[] {
  const byStation = new Map<string, Entry[]>();
  for (const e of entries.filter((x) => x.status === 'waiting'))
    byStation.set(e.stationId, [...(byStation.get(e.stationId) ?? []), e]);
  const position = new Map<string, number>();
  for (const list of byStation.values())
    list
      .sort((a, b) => a.createTime.localeCompare(b.createTime))
      .forEach((e, i) => position.set(e.id, i + 1));
  return entries.map((e) => ({
    ...view(e),
    ...(position.has(e.id) ? { position: position.get(e.id) } : {}),
  }));
}

/**
 * POST /biz/waitOrder/list (4500): with `stationId`, the station's entries in order of arrival (its gsi1
 * partition); otherwise the company's entries of the last 30 days, newest first (one gsi2 range per
 * company in scope). Waiting entries carry their `position`.
 */
export async function listWait(identity: Identity, input: z.infer<typeof waitListSchema>) {
  let entries: Entry[];
  if (input.stationId) {
    const station = await visibleStation(identity, input.stationId);
    if (!station) throw notFound();
    entries = (await stationEntries(station.id, WAIT_SCAN_LIMIT)) as unknown as Entry[];
  } else {
    const from = new Date(Date.now() - RESERVE_DEFAULT_DAYS * DAY).toISOString();
    entries = [];
    for (const tenant of await tenantsInScope(identity.scope))
      entries.push(
        ...((await companyEntries(tenant, from, WAIT_SCAN_LIMIT)) as unknown as Entry[]).filter(
          (e) => e.tenant === tenant && stationVisible(identity, e.stationId),
        ),
      );
    entries.sort((a, b) => b.createTime.localeCompare(a.createTime));
  }
  const rows = withPositions(entries).filter(
    (e) => (!input.status || e.status === input.status) && (!input.idTag || e.idTag === input.idTag),
  );
  const start = (input.current - 1) * input.size;
  return {
    records: rows.slice(start, start + input.size),
    total: rows.length,
    current: input.current,
    size: input.size,
  };
}
