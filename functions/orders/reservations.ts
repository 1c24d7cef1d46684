/**
 * Reservation orders (docs/decisions/277-reservation-orders.md; docs/product.md sections 2, 3, 4 and 6;
 * /reserveOrder):
 * - `POST /biz/reserveOrder/add` (4201): holds a connector for an idTag for `minutes` (1 to 1440). The
 *   station must have its reservation switch on (Pro, 2105) and a reservation fee (`reserveFeeId`). The order
 *   is written `requesting` (1) and `reserveNow` goes through the command pipeline (functions/commands/send.ts);
 *   the reservation id is the one the platform made for the command (its `payload.reservationId` / `id`).
 * - The command's end (its `commandEnded` subscriber, functions/orders/reactions.ts): Accepted →
 *   `successful` (2, the reservation starts then);
 *   anything else (Occupied, Faulted, Rejected, Unavailable, a CALLERROR, offline, timed out, failed) →
 *   `ended` (4) with end flag 5 (reservation failure) and no fee.
 * - `POST /biz/reserveOrder/cancel?id=` (4202): `canceling` (3) and `cancelReservation` is sent; Accepted →
 *   ended with the cancel time and end flag 6 (active cancel); anything else → back to successful.
 * - A session started with the reservation id (1.6 StartTransaction / 2.0.1 TransactionEvent `reservationId`)
 *   ends it as used; a 2.0.1 ReservationStatusUpdate Expired / Removed ends it; the sweep ends a reservation
 *   whose expiry passed (and settles requests and cancels whose command's end was not applied).
 * - The fee, for reservations that were successful: the fee's price per minute × the time held, from the
 *   acceptance to the end (use, cancel or expiry; at most the expiry), rounded once, half up, to the
 *   currency's minor unit (shared/pricing/money.ts). It is paid from the reserving idTag's card when its
 *   balance covers it (settlement's `payment`: the balance change and its ledger entry are in the same
 *   transaction as the order's end), unpaid otherwise.
 * - A roaming partner's reservation (OCPI RESERVE_NOW / CANCEL_RESERVATION, functions/ocpi/commands.ts) is
 *   the same order, sent by the platform for the partner, with the partner's reservation id (unique per
 *   partner) and `emspId`: its fee is billed to the partner (pay type eMsp) by a CDR owed in the end's own
 *   transaction (docs/decisions/426), not taken from a card.
 * Every move is a conditional write on the status read, so a repeated answer, or a race between cancel, use
 * and expiry, ends a reservation once and charges it once.
 */
import type { z } from 'zod';
import { formatMinor, priceTimes } from '@shared/pricing/money.ts';
import type { Connector } from '@shared/resources/site/charge-point.ts';
import {
  RESERVE_DEFAULT_DAYS,
  RESERVE_STATUS,
  RESERVE_WINDOW_YEARS,
  type ReserveAdd,
  type reserveListSchema,
  type ReserveEndReason,
  type ReserveOrderView,
} from '@shared/schemas/reservation.ts';
import { END_FLAG, PAY_TYPE } from '@shared/schemas/order.ts';
import { sendCommand } from '@functions/commands/send.ts';
import type { CommandRecord } from '@functions/commands/store.ts';
import { chargePointById, stations, visibleChargePoint } from '@functions/chargepoints/sites.ts';
import { inReach, type Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import {
  companyReservations,
  getReservation,
  heldReservations,
  openReservations,
  partnerReservationCreate,
  partnerReservationOrderId,
  reservationCancelCommand,
  reservationCreate,
  reservationEnd,
  reservationLinked,
  reservationMove,
  reservationOrderId,
  type ReservationSet,
} from '@functions/data/reservations.ts';
import { getCommandConsistent } from '@functions/data/commands.ts';
import { cdrOwed } from '@functions/data/roaming-cdrs.ts';
import { quietly } from '@functions/accounts/fleet-alerts.ts';
import { emit } from '@functions/lib/events.ts';
import { send, withoutKeys } from '@functions/data/table.ts';
import { badRequest, notFound, refused } from '@functions/lib/errors.ts';
import { logger } from '@functions/lib/logger.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { newId } from '@functions/lib/records.ts';
import { reserveFeeRecords } from '@functions/data/reserve-fees.ts';
import { payment, type Payment } from './settlement.ts';
import { COMMAND_CODE } from '@shared/permissions/menus.ts';

const DAY = 86_400_000;
const TRANSACTION_ATTEMPTS = 5;
/** Items a list reads per company and request. */
export const RESERVE_SCAN_LIMIT = 5_000;
/** A request whose command was never stored (a crash between the two writes) is failed after this. */
const ORPHAN_REQUEST_MS = 5 * 60_000;

const ENDED_COMMAND = new Set(['answered', 'rejected', 'offline', 'timeout', 'failed']);

/**
 * The end flag (docs/product.md section 4) of each way a reservation ends (read when called: modules cycle).
 */
function endFlagOf(reason: ReserveEndReason): number {
  if (reason === 'failed') return END_FLAG.reservationFailure;
  if (reason === 'cancelled') return END_FLAG.activeCancel;
  if (reason === 'expired') return END_FLAG.endedAtTime;
  return END_FLAG.autoEnd;
}

type Order = ReserveOrderView & {
  tenant: string;
  agentId: string;
  commandId?: string;
  cancelCommandId?: string;
  reserveFeeId: string;
  /** A roaming partner's reservation: the partner, its reservation id and authorisation reference. */
  emspId?: string;
  emspReservationId?: string;
  emspAuthorizationReference?: string;
};

/** The one OCPP command a reservation call sends (reserveNow or cancelReservation). */
type ReservationCommand = {
  chargePointId: string;
  connectorNo?: number;
  command: 'reserveNow' | 'cancelReservation';
  params: Record<string, unknown>;
};

/**
 * Who asks for a reservation or its cancel: a console user, or a roaming partner through the platform. `send`
 * puts the command through the pipeline (as the caller, or as the platform for the partner).
 */
export interface Requester {
  createdBy: string;
  send: (command: ReservationCommand) => Promise<{ commandId: string }>;
}

/** A console user as a requester: the command sent as the user, allowed its code (the route checked its own). */
const consoleUser = (identity: Identity, baseUrl?: string): Requester => ({
  createdBy: identity.user.username,
  send: (command) =>
    sendCommand(
      withCode(
        identity,
        command.command === 'reserveNow' ? COMMAND_CODE.reserveNow : COMMAND_CODE.cancelReservation,
      ),
      command,
      baseUrl,
    ),
});

/** The caller, allowed the command behind a reservation call (the route's own code already checked). */
const withCode = (identity: Identity, code: string): Identity => ({
  ...identity,
  permissions: new Set([...identity.permissions, code]),
});

const getOrder = (id: string) => getReservation<Order>(id);

async function orderOfReservation(chargePointId: string, reservationId: number) {
  const orderId = await reservationOrderId(chargePointId, reservationId);
  return orderId ? getOrder(orderId) : undefined;
}

const commandOf = (commandId: string) => getCommandConsistent<CommandRecord>(commandId);

/** A record as the console sees it: without keys. */
const view = (order: Order): ReserveOrderView =>
  withoutKeys<ReserveOrderView>(order as unknown as Record<string, unknown>);

/**
 * Moves a reservation from `from` to another status that is not an end (1 → 2, 2 → 3, 3 → 2), with its
 * timeline entry; false when it was not in `from`.
 */
function move(id: string, from: number, to: number, set: ReservationSet, reason?: string) {
  const at = new Date().toISOString();
  return reservationMove(id, from, { ...set, status: to }, { status: to, at, ...(reason ? { reason } : {}) });
}

/** The fee of a successful reservation held from its start to `endAt` (at most its expiry). */
export function reservationFee(
  order: Pick<Order, 'price' | 'currency' | 'startTime' | 'expiryTime'>,
  endAt: string,
) {
  const start = Date.parse(order.startTime ?? endAt);
  const end = Math.min(Date.parse(endAt), Date.parse(order.expiryTime));
  const seconds = Math.max(0, Math.floor((end - start) / 1000));
  const currency = order.currency ?? 'EUR';
  // Price per minute × seconds / 60: one rounding, half up, to the minor unit.
  const minor = priceTimes(order.price ?? '0', BigInt(seconds), 60n, currency);
  return { seconds, minor, fee: formatMinor(minor, currency) };
}

/**
 * Ends a reservation that is in one of `from`: status 4 with the end flag of `reason`, its fee (successful
 * reservations only) paid from the idTag's card in the same transaction. Conditional on the status read,
 * retried when that or the card changed meanwhile; false when it was not (any longer) in `from`.
 */
export async function endReservation(
  id: string,
  from: readonly number[],
  reason: ReserveEndReason,
  at: string,
  extra: Pick<ReservationSet, 'failReason' | 'transactionId'> = {},
): Promise<boolean> {
  for (let attempt = 0; attempt < TRANSACTION_ATTEMPTS; attempt++) {
    const order = await getOrder(id);
    if (!order || !from.includes(order.status)) return false;
    // A reservation the charger is canceling ended by the charger's own removal is the cancel.
    const why: ReserveEndReason =
      reason === 'removed' && order.status === RESERVE_STATUS.canceling ? 'cancelled' : reason;
    const now = new Date().toISOString();
    const set: ReservationSet = {
      status: RESERVE_STATUS.ended,
      endFlag: endFlagOf(why),
      endReason: why,
      endTime: at,
      ...(why === 'cancelled' ? { cancelTime: at } : {}),
      ...extra,
    };
    let writes: Awaited<ReturnType<typeof payment>>['writes'] = [];
    const billed = order.status !== RESERVE_STATUS.requesting && order.startTime;
    if (billed) {
      const fee = reservationFee(order, at);
      // A partner's reservation is billed to the partner: its CDR is owed from this transaction.
      const paid: Payment = order.emspId
        ? {
            payType: PAY_TYPE.emsp,
            payFlag: 1,
            payTime: now,
            writes: [{ Put: cdrOwed(`R${order.id}`, order.emspId, now, 'reservation') }],
          }
        : await payment(
            order.tenant,
            order.idTag,
            { orderNo: `R${order.id}`, currency: order.currency ?? 'EUR', actualMinor: fee.minor },
            now,
          );
      Object.assign(set, {
        fee: fee.fee,
        durationSeconds: fee.seconds,
        payFlag: paid.payFlag,
        ...(paid.payType !== undefined ? { payType: paid.payType } : {}),
        ...(paid.payTime ? { payTime: paid.payTime } : {}),
        ...(paid.cardId ? { cardId: paid.cardId } : {}),
        ...(paid.cardBalanceBefore !== undefined ? { cardBalanceBefore: paid.cardBalanceBefore } : {}),
        ...(paid.cardBalanceAfter !== undefined ? { cardBalanceAfter: paid.cardBalanceAfter } : {}),
        ...(paid.unpaidReason ? { unpaidReason: paid.unpaidReason } : {}),
      });
      writes = paid.writes;
    }
    try {
      await send.transact([
        reservationEnd(order, order.status, set, { status: RESERVE_STATUS.ended, at, reason: why }),
        ...writes,
      ]);
      const partnerId = order.emspId;
      if (billed && partnerId)
        await quietly('roaming reservation settled', () =>
          emit('roamingOrderSettled', { orderNo: `R${order.id}`, partnerId }),
        );
      return true;
    } catch (error) {
      // The status or the card changed since they were read: read again and decide again.
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
    }
  }
  logger.error('A reservation could not be ended', { id, reason });
  return false;
}

// ---- The command pipeline's answers ------------------------------------------------------------------------

const reservationIdOf = (command: CommandRecord) => {
  const p = command.payload ?? {};
  const value = p.reservationId ?? p.id;
  return typeof value === 'number' ? value : undefined;
};

/**
 * A ReserveNow or CancelReservation command ended (functions/orders/reactions.ts); also run by the add and
 * cancel calls and by the sweep, in case the end came before the order named its command.
 */
export async function reservationCommandEnded(command: CommandRecord): Promise<void> {
  if (command.action !== 'ReserveNow' && command.action !== 'CancelReservation') return;
  if (!ENDED_COMMAND.has(command.status)) return;
  const reservationId = reservationIdOf(command);
  if (reservationId === undefined) return;
  const order = await orderOfReservation(command.chargePointId, reservationId);
  if (!order) return;
  const at = command.answeredAt ?? new Date().toISOString();
  const status = (command.result as { status?: string } | undefined)?.status;
  const accepted = command.status === 'answered' && status === 'Accepted';
  const outcome = command.status === 'answered' ? String(status) : command.status;
  if (command.action === 'ReserveNow') {
    if (order.commandId !== command.commandId) return;
    if (accepted)
      await move(order.id, RESERVE_STATUS.requesting, RESERVE_STATUS.successful, { startTime: at });
    else await endReservation(order.id, [RESERVE_STATUS.requesting], 'failed', at, { failReason: outcome });
    return;
  }
  if (accepted)
    await endReservation(order.id, [RESERVE_STATUS.successful, RESERVE_STATUS.canceling], 'cancelled', at);
  else if (order.cancelCommandId === command.commandId)
    await move(order.id, RESERVE_STATUS.canceling, RESERVE_STATUS.successful, {}, `cancelRefused:${outcome}`);
}

// ---- Charger events ------------------------------------------------------------------------------------------

/** A session started with a reservation id: the reservation is used (ended at the session's start). */
export async function reservationUsed(
  chargePointId: string,
  reservationId: number,
  at: string,
  transactionId: string,
): Promise<void> {
  const order = await orderOfReservation(chargePointId, reservationId);
  if (!order) return;
  await endReservation(
    order.id,
    [RESERVE_STATUS.successful, RESERVE_STATUS.canceling],
    'used',
    // The charger's clock: never before the start.
    order.startTime && at < order.startTime ? order.startTime : at,
    { transactionId },
  );
}

/** 2.0.1 ReservationStatusUpdate: Expired or Removed ends the reservation. */
export async function reservationStatusUpdate(chargePointId: string, reservationId: number, status: string) {
  if (status !== 'Expired' && status !== 'Removed') return;
  const order = await orderOfReservation(chargePointId, reservationId);
  if (!order) return;
  const at = new Date().toISOString();
  await endReservation(
    order.id,
    [RESERVE_STATUS.successful, RESERVE_STATUS.canceling],
    status === 'Expired' ? 'expired' : 'removed',
    status === 'Expired' && at > order.expiryTime ? order.expiryTime : at,
  );
}

/**
 * The sweep: reservations past their expiry end (charged up to the expiry); requests and cancels whose
 * command ended without the order hearing of it are settled from the command.
 */
export async function sweepReservations(now = Date.now()): Promise<{ expired: number; settled: number }> {
  let expired = 0;
  let settled = 0;
  const open = (await openReservations()) as unknown as Order[];
  const nowIso = new Date(now).toISOString();
  for (const order of open) {
    try {
      const pending = order.status === RESERVE_STATUS.canceling ? order.cancelCommandId : order.commandId;
      if (
        (order.status === RESERVE_STATUS.requesting || order.status === RESERVE_STATUS.canceling) &&
        pending
      ) {
        const command = await commandOf(pending);
        if (command && ENDED_COMMAND.has(command.status)) {
          await reservationCommandEnded(command);
          settled++;
          continue;
        }
      }
      if (
        order.status === RESERVE_STATUS.requesting &&
        (order.expiryTime <= nowIso ||
          (!order.commandId && Date.parse(order.createTime) < now - ORPHAN_REQUEST_MS))
      ) {
        if (await endReservation(order.id, [RESERVE_STATUS.requesting], 'failed', nowIso)) settled++;
        continue;
      }
      if (order.expiryTime <= nowIso)
        if (
          await endReservation(
            order.id,
            [RESERVE_STATUS.successful, RESERVE_STATUS.canceling],
            'expired',
            order.expiryTime,
          )
        )
          expired++;
    } catch (error) {
      logger.error('Sweeping a reservation failed', { id: order.id, error: String(error) });
    }
  }
  return { expired, settled };
}

// ---- The console's calls -------------------------------------------------------------------------------------

/** POST /biz/reserveOrder/add (4201). */
export async function addReservation(identity: Identity, input: ReserveAdd, baseUrl?: string) {
  const pile = await visibleChargePoint(identity, input.chargePointId);
  if (!pile) throw notFound();
  return reserve(pile, input, consoleUser(identity, baseUrl));
}

/**
 * A roaming partner's RESERVE_NOW: the reservation order of `input`, sent by the platform for the partner
 * (`requester`), billed to it; refused (an AppError) as a console user's would be, and when the partner used
 * its reservation id before.
 */
export async function addPartnerReservation(
  input: ReserveAdd,
  emsp: { partnerId: string; reservationId: string; authorizationReference?: string },
  requester: Requester,
) {
  const pile = await chargePointById(input.chargePointId);
  if (!pile) throw notFound();
  return reserve(pile, input, requester, emsp);
}

/** Checks, writes and requests a reservation on a pile the requester may use. */
async function reserve(
  pile: Record_,
  input: ReserveAdd,
  requester: Requester,
  emsp?: { partnerId: string; reservationId: string; authorizationReference?: string },
) {
  const connectors = (pile.connectors as Connector[] | undefined) ?? [];
  if (!connectors.some((c) => c.connectorNo === input.connectorNo))
    throw badRequest('server.validation', { connectorNo: 'commandRes.validation.connectorRequired' });
  const station = await stations.repo.getAny(String(pile.stationId));
  if (!station?.reserveFlag) throw refused('reservationRes.server.reserveOff');
  const fee = station.reserveFeeId ? await reserveFeeRecords.getAny(String(station.reserveFeeId)) : undefined;
  if (!fee || fee.tenant !== station.tenant) throw refused('reservationRes.server.noFee');

  const id = newId();
  const created = new Date();
  const createTime = created.toISOString();
  const expiryTime = new Date(created.getTime() + input.minutes * 60_000).toISOString();
  const order: Order & Record<string, unknown> = {
    id,
    tenant: String(pile.tenant),
    agentId: String(pile.agentId ?? ''),
    stationId: String(station.id),
    stationName: String(station.name ?? ''),
    chargePointId: String(pile.id),
    connectorNo: input.connectorNo,
    idTag: input.idTag,
    minutes: input.minutes,
    reserveFeeId: fee.id,
    price: String(fee.price),
    currency: String(fee.currency ?? 'EUR'),
    status: RESERVE_STATUS.requesting,
    createTime,
    expiryTime,
    createdBy: requester.createdBy,
    history: [{ status: RESERVE_STATUS.requesting, at: createTime }],
    ...(emsp
      ? {
          emspId: emsp.partnerId,
          emspReservationId: emsp.reservationId,
          ...(emsp.authorizationReference ? { emspAuthorizationReference: emsp.authorizationReference } : {}),
        }
      : {}),
  };
  if (!emsp) await reservationCreate(order);
  else if (!(await partnerReservationCreate(order, emsp.partnerId, emsp.reservationId)))
    throw refused('reservationRes.server.idUsed');

  let commandId: string;
  try {
    commandId = (
      await requester.send({
        chargePointId: String(pile.id),
        connectorNo: input.connectorNo,
        command: 'reserveNow',
        params: { idTag: input.idTag, expiryDate: expiryTime },
      })
    ).commandId;
  } catch (error) {
    // Offline, a command pending on the connector, a version without the command: the request failed.
    await endReservation(id, [RESERVE_STATUS.requesting], 'failed', new Date().toISOString(), {
      failReason: error instanceof Error ? error.message : 'failed',
    });
    throw error;
  }
  await linkCommand(id, commandId);
  return view((await getOrder(id))!);
}

/** Names the order's command and reservation id; then applies the command's end if it came first. */
async function linkCommand(id: string, commandId: string) {
  const command = await commandOf(commandId);
  const reservationId = command ? reservationIdOf(command) : undefined;
  if (!command || reservationId === undefined) return;
  await reservationLinked(id, { commandId, chargePointId: command.chargePointId, reservationId });
  const now = await commandOf(commandId);
  if (now && ENDED_COMMAND.has(now.status)) await reservationCommandEnded(now);
}

async function orderInScope(identity: Identity, id: unknown): Promise<Order> {
  if (typeof id !== 'string' || !id) throw notFound();
  const order = await getOrder(id);
  if (!order || !inReach(identity, order)) throw notFound();
  return order;
}

/** POST /biz/reserveOrder/cancel?id= (4202). */
export async function cancelReservation(identity: Identity, id: unknown, baseUrl?: string) {
  return cancel(await orderInScope(identity, id), consoleUser(identity, baseUrl));
}

/** A roaming partner's CANCEL_RESERVATION of its reservation id; not found when it made no such one. */
export async function cancelPartnerReservation(
  partnerId: string,
  reservationId: string,
  requester: Requester,
) {
  const orderId = await partnerReservationOrderId(partnerId, reservationId);
  const order = orderId ? await getOrder(orderId) : undefined;
  if (!order || order.emspId !== partnerId) throw notFound();
  return cancel(order, requester);
}

async function cancel(order: Order, requester: Requester) {
  if (order.status !== RESERVE_STATUS.successful || order.reservationId === undefined)
    throw refused('reservationRes.server.notCancellable');
  if (!(await move(order.id, RESERVE_STATUS.successful, RESERVE_STATUS.canceling, {})))
    throw refused('reservationRes.server.notCancellable');
  let commandId: string;
  try {
    commandId = (
      await requester.send({
        chargePointId: order.chargePointId,
        command: 'cancelReservation',
        params: { reservationId: order.reservationId },
      })
    ).commandId;
  } catch (error) {
    await move(order.id, RESERVE_STATUS.canceling, RESERVE_STATUS.successful, {}, 'cancelFailed');
    throw error;
  }
  await reservationCancelCommand(order.id, commandId);
  const command = await commandOf(commandId);
  if (command && ENDED_COMMAND.has(command.status)) await reservationCommandEnded(command);
  return view((await getOrder(order.id))!);
}

/**
 * The reservation holding a connector now (successful, not expired), in the caller's scope, if any: read
 * from the open reservations by expiry (gsi2), the ones expired left out (the monitor's "stop reservation").
 */
export async function activeReservationOf(
  identity: Identity,
  chargePointId: string,
  connectorNo: number,
): Promise<ReserveOrderView | undefined> {
  const held = (await heldReservations(
    chargePointId,
    connectorNo,
    RESERVE_STATUS.successful,
    new Date().toISOString(),
  )) as unknown as Order[];
  const found = held.find((o) => inReach(identity, o));
  return found ? view(found) : undefined;
}

/** POST /biz/reserveOrder/detail?id= (4201, the code of /reserveOrderDetail). */
export async function reservationDetail(identity: Identity, id: unknown) {
  return view(await orderInScope(identity, id));
}

/** The creation-time window of a list: the last 30 days by default, at most 2 years. */
function listWindow(fromText?: string, toText?: string, now = Date.now()) {
  const to = toText ? Date.parse(toText) : now;
  const from = fromText ? Date.parse(fromText) : to - RESERVE_DEFAULT_DAYS * DAY;
  if (from > to) throw badRequest('reservationRes.server.windowReversed');
  const limit = new Date(from);
  limit.setUTCFullYear(limit.getUTCFullYear() + RESERVE_WINDOW_YEARS);
  if (to > limit.getTime())
    throw badRequest('reservationRes.server.windowTooLong', undefined, { years: RESERVE_WINDOW_YEARS });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** POST /biz/reserveOrder/list (4200): newest first; one gsi1 range per company in scope. */
export async function listReservations(identity: Identity, input: z.infer<typeof reserveListSchema>) {
  const { from, to } = listWindow(input.startTimeFrom, input.startTimeTo);
  const filter = {
    status: input.status,
    chargePointId: input.chargePointId,
    idTag: input.idTag,
    stations: identity.stations,
  };
  const records: Order[] = [];
  let truncated = false;
  for (const tenant of await tenantsInScope(identity.scope)) {
    const read = await companyReservations(tenant, from, to, filter, RESERVE_SCAN_LIMIT);
    records.push(...(read.items as unknown as Order[]));
    if (read.truncated) truncated = true;
  }
  records.sort((a, b) => b.createTime.localeCompare(a.createTime) || b.id.localeCompare(a.id));
  const start = (input.current - 1) * input.size;
  return {
    records: records.slice(start, start + input.size).map(view),
    total: records.length,
    current: input.current,
    size: input.size,
    ...(truncated ? { truncated: true } : {}),
  };
}
